package io.pagetune.modules.builtin;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command string into words the way a POSIX shell tokenises them (blanks, single and
 * double quotes, backslashes) but without any shell feature: no variables, globs, pipes,
 * redirections, command substitution or comments. {@code $}, {@code |}, {@code >}, {@code #} are
 * ordinary characters here.
 */
final class ArgvSplitter {
  private ArgvSplitter() {}

  /**
   * @throws IllegalArgumentException on an unterminated quote or a trailing backslash
   */
  static List<String> split(String cmd) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    int i = 0;
    while (i < cmd.length()) {
      char c = cmd.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n') {
        if (inWord) {
          words.add(word.toString());
          word.setLength(0);
          inWord = false;
        }
        i++;
      } else if (c == '\'') {
        int end = cmd.indexOf('\'', i + 1);
        if (end < 0) {
          throw new IllegalArgumentException("unterminated single quote at offset " + i);
        }
        word.append(cmd, i + 1, end);
        inWord = true;
        i = end + 1;
      } else if (c == '"') {
        i = doubleQuoted(cmd, i, word);
        inWord = true;
      } else if (c == '\\') {
        if (i + 1 >= cmd.length()) {
          throw new IllegalArgumentException("trailing backslash");
        }
        char next = cmd.charAt(i + 1);
        if (next != '\n') {
          // backslash-newline is a line continuation and disappears
          word.append(next);
          inWord = true;
        }
        i += 2;
      } else {
        word.append(c);
        inWord = true;
        i++;
      }
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }

  /** Reads a double-quoted part starting at the opening quote; returns the index after it. */
  private static int doubleQuoted(String cmd, int open, StringBuilder word) {
    int i = open + 1;
    while (i < cmd.length()) {
      char c = cmd.charAt(i);
      if (c == '"') {
        return i + 1;
      }
      if (c == '\\' && i + 1 < cmd.length()) {
        char next = cmd.charAt(i + 1);
        // inside double quotes a backslash only escapes these, as in sh
        if (next == '"' || next == '\\' || next == '$' || next == '`') {
          word.append(next);
          i += 2;
          continue;
        }
        if (next == '\n') {
          i += 2;
          continue;
        }
      }
      word.append(c);
      i++;
    }
    throw new IllegalArgumentException("unterminated double quote at offset " + open);
  }
}
