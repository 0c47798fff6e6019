package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.modules.Arg;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.yaml.YamlValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one-task play of {@code pagetune adhoc PATTERN -m MODULE -a ARGS}, as Ansible's {@code
 * ansible} builds it: no fact gathering, the module's arguments read as {@code key=value} pairs,
 * or, for a module with a free-form argument ({@code shell}, {@code command}), the text is that
 * argument except for {@code key=value} words naming another of its arguments ({@code chdir=/tmp
 * ls}). The play is then parsed and checked as a playbook's play is.
 */
public final class AdhocPlay {
  /** Ansible's name for the play it runs ad hoc. */
  public static final String NAME = "Ansible Ad-Hoc";

  private static final SourceLocation MODULE_AT = SourceLocation.of("-m");
  private static final SourceLocation ARGS_AT = SourceLocation.of("-a");
  private static final SourceLocation PATTERN_AT = SourceLocation.of("PATTERN");

  private AdhocPlay() {}

  /** The play as a playbook's YAML would give it, so the loader checks it the same way. */
  public static YamlValue.Mapping yaml(
      ModuleRegistry modules, String pattern, String moduleName, String args) {
    Module module =
        modules
            .find(moduleName)
            .orElseThrow(
                () ->
                    new InputException(
                        MODULE_AT,
                        "unknown module '" + moduleName + "'" + modules.didYouMean(moduleName)));
    if (pattern.isBlank()) {
      throw new InputException(PATTERN_AT, "the host pattern is empty");
    }
    Map<String, YamlValue.Entry> task = new LinkedHashMap<>();
    task.put(moduleName, entry(ARGS_AT, moduleArgs(module, args == null ? "" : args)));
    Map<String, YamlValue.Entry> play = new LinkedHashMap<>();
    play.put("name", entry(ARGS_AT, scalar(NAME, ARGS_AT)));
    play.put("hosts", entry(PATTERN_AT, scalar(pattern, PATTERN_AT)));
    play.put("gather_facts", entry(ARGS_AT, new YamlValue.Scalar(false, false, ARGS_AT)));
    play.put(
        "tasks",
        entry(
            ARGS_AT,
            new YamlValue.Seq(List.of(new YamlValue.Mapping(task, MODULE_AT)), MODULE_AT)));
    return new YamlValue.Mapping(play, ARGS_AT);
  }

  private static YamlValue moduleArgs(Module module, String text) {
    if (text.isBlank()) {
      return new YamlValue.Scalar(null, false, ARGS_AT);
    }
    Optional<String> freeForm = module.spec().freeForm();
    Map<String, Object> parsed = new LinkedHashMap<>();
    if (freeForm.isEmpty()) {
      parsed.putAll(KeyValueArgs.parse(text, ARGS_AT, module.name()));
    } else {
      StringBuilder raw = new StringBuilder();
      for (String word : FreeFormWords.split(text)) {
        Optional<String> key = FreeFormWords.key(word);
        boolean param =
            key.isPresent()
                && !key.get().equals(freeForm.get())
                && module.spec().find(key.get()).map(Arg::name).isPresent();
        if (param) {
          parsed.putAll(KeyValueArgs.parse(word.strip(), ARGS_AT, module.name()));
        } else {
          raw.append(word);
        }
      }
      if (!raw.toString().isBlank()) {
        parsed.put(freeForm.get(), raw.toString().strip());
      }
    }
    Map<String, YamlValue.Entry> entries = new LinkedHashMap<>();
    parsed.forEach((k, v) -> entries.put(k, entry(ARGS_AT, scalar(String.valueOf(v), ARGS_AT))));
    return new YamlValue.Mapping(entries, ARGS_AT);
  }

  private static YamlValue.Scalar scalar(String value, SourceLocation at) {
    // quoted: what the user typed is a string, never read as a YAML number or boolean
    return new YamlValue.Scalar(value, true, at);
  }

  private static YamlValue.Entry entry(SourceLocation at, YamlValue value) {
    return new YamlValue.Entry(at, value);
  }
}
