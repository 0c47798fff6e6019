package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.yaml.SourceLocation;
import java.util.LinkedHashMap;
import java.util.Map;

/** Parses the Ansible short form {@code copy: src=a dest="b c" mode=0644}. */
final class KeyValueArgs {
  private KeyValueArgs() {}

  static Map<String, Object> parse(String text, SourceLocation at, String module) {
    Map<String, Object> out = new LinkedHashMap<>();
    int i = 0;
    int n = text.length();
    while (i < n) {
      while (i < n && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i >= n) {
        break;
      }
      int eq = text.indexOf('=', i);
      int space = indexOfWhitespace(text, i);
      if (eq < 0 || (space >= 0 && space < eq)) {
        throw new InputException(
            at,
            module
                + ": cannot read arguments '"
                + text
                + "': expected key=value pairs (this module takes no free-form text)");
      }
      String key = text.substring(i, eq);
      i = eq + 1;
      StringBuilder value = new StringBuilder();
      char quote = 0;
      while (i < n) {
        char c = text.charAt(i);
        if (quote != 0) {
          if (c == '\\' && i + 1 < n && text.charAt(i + 1) == quote) {
            value.append(quote);
            i += 2;
            continue;
          }
          if (c == quote) {
            quote = 0;
          } else {
            value.append(c);
          }
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (Character.isWhitespace(c)) {
          break;
        } else {
          value.append(c);
        }
        i++;
      }
      if (quote != 0) {
        throw new InputException(at, module + ": unterminated quote in '" + text + "'");
      }
      out.put(key, value.toString());
    }
    return out;
  }

  private static int indexOfWhitespace(String s, int from) {
    for (int i = from; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }
}
