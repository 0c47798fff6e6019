package io.pagetune.playbook;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of a free-form argument as Ansible's {@code parse_kv} sees them: split at whitespace
 * outside quotes, each word keeping the whitespace before it, so that the words not taken as {@code
 * key=value} join back into exactly the text that was written.
 */
final class FreeFormWords {
  private static final Pattern KEY =
      Pattern.compile("\\s*([A-Za-z_][A-Za-z0-9_]*)=.*", Pattern.DOTALL);

  private FreeFormWords() {}

  static List<String> split(String text) {
    List<String> words = new ArrayList<>();
    int start = 0;
    int i = 0;
    char quote = 0;
    boolean inWord = false;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (quote != 0) {
        if (c == '\\' && i + 1 < text.length()) {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(text.substring(start, i));
          start = i;
          inWord = false;
        }
      } else {
        inWord = true;
      }
      i++;
    }
    if (start < text.length()) {
      words.add(text.substring(start));
    }
    return words;
  }

  /** The name before {@code =} when the word is a {@code key=value} pair. */
  static Optional<String> key(String word) {
    Matcher m = KEY.matcher(word);
    return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
  }
}
