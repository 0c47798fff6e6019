package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * {@code ini_file}: one option of one section of an INI file (a PostgreSQL-style {@code key =
 * value} file when the section is omitted), set or removed, or a section removed, as Ansible's
 * module does: an existing assignment is changed in place and later ones in the section are
 * dropped, a commented-out one is replaced, otherwise the option goes after the section's last
 * setting.
 */
public final class IniFileModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("path", ArgType.STRING).aliases("dest").describe("The INI file."),
              Arg.optional("section", ArgType.STRING)
                  .describe("The section; unset means the lines before the first section."),
              Arg.optional("option", ArgType.STRING)
                  .aliases("key")
                  .describe(
                      "The option in the section; unset with state=absent removes the whole section."),
              Arg.optional("value", ArgType.STRING).describe("The option's value."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe("present: the option (or section) is there; absent: it is removed."),
              Arg.optional("no_extra_spaces", ArgType.BOOL, false)
                  .describe("Write option=value instead of option = value."),
              Arg.optional("allow_no_value", ArgType.BOOL, false)
                  .describe("An option may be written without a value."),
              Arg.optional("create", ArgType.BOOL, true)
                  .describe("Create the file when it is missing."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe("Keep a timestamped copy of the old file beside it."),
              FileAttributes.MODE,
              FileAttributes.OWNER,
              FileAttributes.GROUP)
          .documented(
              "Sets or removes an option (or a section) in an INI file, as Ansible's ini_file does.",
              "- name: tuned profile option\n  ini_file:\n    path: /etc/tuned/sap/tuned.conf\n    section: sysctl\n    option: vm.nr_hugepages\n    value: \"1024\"\n");

  @Override
  public String name() {
    return "ini_file";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    problem(args)
        .ifPresent(
            p -> {
              throw args.error(p[0], p[1]);
            });
  }

  /** {argument, problem}: values that would break the file's line structure are refused. */
  private static Optional<String[]> problem(Args args) {
    for (String name : new String[] {"section", "option", "value"}) {
      Optional<String> v = args.optString(name);
      if (v.isPresent() && (v.get().indexOf('\n') >= 0 || v.get().indexOf('\r') >= 0)) {
        return Optional.of(new String[] {name, "must be a single line"});
      }
    }
    Optional<String> section = args.optString("section");
    if (section.isPresent() && (section.get().isBlank() || section.get().contains("]"))) {
      return Optional.of(new String[] {"section", "must be a name without ']'"});
    }
    Optional<String> option = args.optString("option");
    if (option.isPresent()
        && (option.get().isBlank()
            || option.get().contains("=")
            || option.get().strip().startsWith("[")
            || option.get().strip().startsWith("#")
            || option.get().strip().startsWith(";"))) {
      return Optional.of(
          new String[] {"option", "must be a name without '=' that does not start with [ # ;"});
    }
    boolean present = args.string("state").equals("present");
    if (present && option.isPresent() && !args.has("value") && !args.bool("allow_no_value")) {
      return Optional.of(
          new String[] {"value", "is required with state=present (or allow_no_value: true)"});
    }
    if (!option.isPresent() && args.has("value")) {
      return Optional.of(new String[] {"option", "is required when 'value' is given"});
    }
    if (section.isEmpty() && option.isEmpty()) {
      return Optional.of(new String[] {"option", "or 'section' is required"});
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      return Plan.failed("ini_file: " + problem.get()[0] + " " + problem.get()[1]);
    }
    String path = args.string("path");
    boolean present = args.string("state").equals("present");
    CurrentFile current = CurrentFile.read(host, path);
    if (!current.exists()) {
      if (!present) {
        return Plan.upToDate(
            path + " does not exist, so there is nothing to remove", Map.of("msg", "OK"));
      }
      if (!args.bool("create")) {
        return AnsibleFailure.missingPath(
            "ini_file: " + path + " does not exist (create: true would create it)",
            "Destination " + path + " does not exist!");
      }
    }
    if (current.notAFile().isPresent()) {
      return Plan.failed("ini_file: " + current.notAFile().get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("ini_file: " + path + " is not UTF-8 text");
    }
    String option = args.optString("option").map(String::strip).orElse(null);
    String value = args.optString("value").map(String::strip).orElse(null);
    String assignment = null;
    if (option != null) {
      assignment =
          value == null ? option : option + (args.bool("no_extra_spaces") ? "=" : " = ") + value;
    }
    IniEdit edit = new IniEdit(args.optString("section").orElse(null), option, value, assignment);
    var lines = TextLines.parse(text.get());
    IniEdit.Result result = present ? edit.present(lines) : edit.absent(lines);
    byte[] after = TextLines.join(result.lines()).getBytes(StandardCharsets.UTF_8);
    Plan plan = FileUpdate.plan(current, after, FileAttributes.from(args), args.bool("backup"));
    return plan.withData(Map.of("msg", result.msg(), "path", path));
  }
}
