package io.pagetune.template;

import com.hubspot.jinjava.el.ext.ExtendedScanner;
import java.util.Set;

/**
 * Jinjava's scanner with Jinja2's words: the expression language's own operator words ({@code
 * empty}, {@code div}, {@code mod}, {@code eq}, {@code lt}, ...) and {@code null} are plain names
 * in Jinja2, so {@code {{ empty | default('x') }}} reads a variable called {@code empty} there.
 */
final class PythonScanner extends ExtendedScanner {
  private static final Set<String> NOT_JINJA_WORDS =
      Set.of("empty", "div", "mod", "eq", "ne", "lt", "gt", "le", "ge", "instanceof", "null");

  PythonScanner(String input) {
    super(input);
  }

  @Override
  protected Token keyword(String s) {
    return NOT_JINJA_WORDS.contains(s) ? null : super.keyword(s);
  }
}
