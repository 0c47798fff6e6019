package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.playbook.KeyValueArgs;
import io.pagetune.template.UserTextCheck;
import io.pagetune.yaml.SourceText;
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
        Path path = Path.of(v.substring(1));
        YamlValue file = yaml.read(path);
        if (!(file instanceof YamlValue.Mapping)) {
          throw new InputException(file.location(), "extra vars file must hold a mapping");
        }
        UserTextCheck.values(SourceText.read(path), yaml.label(path), file);
        out.putAll((Map<String, Object>) file.toPlain());
      } else if (v.startsWith("{")) {
        YamlValue parsed = yaml.parse(v, "-e #" + index);
        UserTextCheck.values(SourceText.of(v), "-e #" + index, parsed);
        out.putAll((Map<String, Object>) parsed.toPlain());
      } else {
        Map<String, Object> pairs = pairs(v, at);
        checkPairs(pairs, raw, index);
        out.putAll(pairs);
      }
    }
    return out;
  }

  /** Each value of {@code key=value} pairs, located at its column of the argument. */
  private static void checkPairs(Map<String, Object> pairs, String raw, int index) {
    int from = 0;
    for (Map.Entry<String, Object> e : pairs.entrySet()) {
      int eq = raw.indexOf(e.getKey() + "=", from);
      int col = eq < 0 ? 0 : eq + e.getKey().length() + 1;
      from = Math.max(from, col);
      if (col < raw.length() && (raw.charAt(col) == '"' || raw.charAt(col) == '\'')) {
        col++;
      }
      UserTextCheck.valueLine(
          String.valueOf(e.getValue()), new SourceLocation("-e #" + index, 1, col + 1), e.getKey());
    }
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
