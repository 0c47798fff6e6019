package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parses {@code key=value} pairs with shell-like quotes: the Ansible short form {@code copy: src=a
 * dest="b c" mode=0644} and {@code -e 'sga=12G sid=PRD'}. Values stay strings.
 */
public final class KeyValueArgs {
  private KeyValueArgs() {}

  /**
   * @param what names the owner in messages (a module, or "-e")
   */
  public static Map<String, Object> parse(String text, SourceLocation at, String what) {
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
            at, what + ": cannot read '" + text + "': expected key=value pairs");
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
        throw new InputException(at, what + ": unterminated quote in '" + text + "'");
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
