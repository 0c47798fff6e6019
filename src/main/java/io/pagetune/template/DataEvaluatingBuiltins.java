package io.pagetune.template;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ?eval} and {@code ?interpret} turn a string into code. Applied to a value that came from a
 * host they would evaluate host data, which pagetune never does, so no template may use them
 * ({@code ?eval_json}, which only parses JSON, stays allowed).
 */
final class DataEvaluatingBuiltins {
  private static final Pattern BUILTIN = Pattern.compile("\\?\\s*(eval|interpret)(?![A-Za-z0-9_])");

  private DataEvaluatingBuiltins() {}

  /** Where the first such built-in starts in {@code source}, with its name. */
  record Use(int offset, String name) {
    String message() {
      return "?"
          + name
          + " is not allowed: it evaluates a string as code, and values from hosts are never code";
    }
  }

  static Optional<Use> find(String source) {
    Matcher m = BUILTIN.matcher(source);
    return m.find() ? Optional.of(new Use(m.start(), m.group(1))) : Optional.empty();
  }
}
