package io.pagetune.template;

import io.pagetune.error.SourceLocation;
import java.util.Locale;

/**
 * Expressions ({@code when}, a string that is exactly one {@code ${expr}}) evaluated to plain Java
 * values: FreeMarker has no expression entry point, so each is compiled as an assignment to a
 * reserved variable and read back from the template's namespace.
 */
final class Expressions {
  private static final String RESULT_VAR = "pagetune_result__";

  private final ParsedTemplates parsed;
  private final LimitedEvaluation limited;

  Expressions(ParsedTemplates parsed, LimitedEvaluation limited) {
    this.parsed = parsed;
    this.limited = limited;
  }

  /** The value of {@code expression} (Map, List, String, Long, Double, Boolean or null). */
  Object evaluate(String expression, VarsModel vars, SourceLocation at, String what) {
    String assignment = "<#assign " + RESULT_VAR + " = (" + expression + ")>";
    return limited.assigned(
        parsed.inline(assignment, expression, at, what), RESULT_VAR, vars, at, what, expression);
  }

  /** The expression of a string that is exactly {@code ${expr}}, else null. */
  static String singleExpression(String s) {
    String t = s.strip();
    if (!t.startsWith("${") || !t.endsWith("}")) {
      return null;
    }
    int depth = 0;
    boolean inString = false;
    char quote = 0;
    for (int i = 2; i < t.length(); i++) {
      char c = t.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          inString = false;
        }
      } else if (c == '"' || c == '\'') {
        inString = true;
        quote = c;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (depth == 0) {
          return i == t.length() - 1 ? t.substring(2, i) : null;
        }
        depth--;
      }
    }
    return null;
  }

  /** A condition's value as true or false: a boolean, or the strings true/yes, false/no/empty. */
  static boolean condition(Object v, String expression, SourceLocation at, String what) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof String s) {
      String t = s.trim().toLowerCase(Locale.ROOT);
      if (t.equals("true") || t.equals("yes")) {
        return true;
      }
      if (t.equals("false") || t.equals("no") || t.isEmpty()) {
        return false;
      }
    }
    throw new TemplateException(
        at,
        what + ": condition '" + expression + "' must be true or false, but it is '" + v + "'",
        null);
  }
}
