package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.playbook.KeyValueArgs;
import io.pagetune.yaml.SourceLocation;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -e} values as ansible-playbook takes them: {@code key=value} pairs (strings), {@code
 * @file.yml}, or an inline YAML/JSON mapping. Later values win.
 */
final class ExtraVars {
  private ExtraVars() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> parse(List<String> values, YamlReader yaml) {
    Map<String, Object> out = new LinkedHashMap<>();
    int index = 0;
    for (String raw : values) {
      index++;
      String v = raw.strip();
      SourceLocation at = new SourceLocation("-e #" + index, 1, 1);
      if (v.startsWith("@")) {
        YamlValue file = yaml.read(Path.of(v.substring(1)));
        if (!(file instanceof YamlValue.Mapping)) {
          throw new InputException(file.location(), "extra vars file must hold a mapping");
        }
        out.putAll((Map<String, Object>) file.toPlain());
      } else if (v.startsWith("{")) {
        YamlValue parsed = yaml.parse(v, "-e #" + index);
        out.putAll((Map<String, Object>) parsed.toPlain());
      } else {
        out.putAll(pairs(v, at));
      }
    }
    return out;
  }

  private static Map<String, Object> pairs(String text, SourceLocation at) {
    Map<String, Object> out = KeyValueArgs.parse(text, at, "extra vars");
    for (String key : out.keySet()) {
      if (!key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw new InputException(at, "invalid variable name '" + key + "' in extra vars");
      }
    }
    return out;
  }
}
