package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Types an unquoted INI value like Ansible's {@code ast.literal_eval}: integers (decimal, hex,
 * octal, binary), floats, {@code True}/{@code False} (and lower case), {@code None}, and {@code
 * [..]}/{@code {..}} literals; anything else, and anything quoted, is a string.
 */
final class IniValue {
  private static final Pattern DECIMAL = Pattern.compile("[-+]?(0|[1-9](_?[0-9])*)");
  private static final Pattern HEX = Pattern.compile("[-+]?0[xX][0-9a-fA-F](_?[0-9a-fA-F])*");
  private static final Pattern OCTAL = Pattern.compile("[-+]?0[oO][0-7](_?[0-7])*");
  private static final Pattern BINARY = Pattern.compile("[-+]?0[bB][01](_?[01])*");
  private static final Pattern FLOAT =
      Pattern.compile(
          "[-+]?(([0-9](_?[0-9])*)?\\.[0-9](_?[0-9])*|[0-9](_?[0-9])*\\.?)([eE][-+]?[0-9]+)?");

  private IniValue() {}

  /** A value from {@code key=value}; {@code quoted} when the shell-style split saw quotes. */
  static Object typed(String text, boolean quoted) {
    if (quoted) {
      return text;
    }
    switch (text) {
      case "True":
      case "true":
        return Boolean.TRUE;
      case "False":
      case "false":
        return Boolean.FALSE;
      case "None":
        return null;
      default:
        break;
    }
    try {
      if (DECIMAL.matcher(text).matches()) {
        return Long.parseLong(text.replace("_", ""));
      }
      if (HEX.matcher(text).matches()) {
        return signed(text, 16);
      }
      if (OCTAL.matcher(text).matches()) {
        return signed(text, 8);
      }
      if (BINARY.matcher(text).matches()) {
        return signed(text, 2);
      }
    } catch (NumberFormatException tooBig) {
      return text;
    }
    if (FLOAT.matcher(text).matches() && text.matches(".*[.eE].*")) {
      return Double.parseDouble(text.replace("_", ""));
    }
    if ((text.startsWith("[") && text.endsWith("]"))
        || (text.startsWith("{") && text.endsWith("}"))) {
      return literal(text);
    }
    return text;
  }

  /** A {@code [group:vars]} value: whole-value quotes make a string, as literal_eval would. */
  static Object fromVarsLine(String text) {
    if (text.length() >= 2
        && (text.charAt(0) == '"' || text.charAt(0) == '\'')
        && text.charAt(text.length() - 1) == text.charAt(0)) {
      return text.substring(1, text.length() - 1);
    }
    return typed(text, false);
  }

  private static long signed(String text, int radix) {
    boolean negative = text.startsWith("-");
    String digits = text.replaceFirst("^[-+]?0[xXoObB]", "").replace("_", "");
    long v = Long.parseLong(digits, radix);
    return negative ? -v : v;
  }

  /** Python list and dict literals are close enough to YAML flow style; else keep the text. */
  private static Object literal(String text) {
    try {
      Object v = new YamlReader(Path.of("")).parse(text, "<ini value>").toPlain();
      return v == null ? text : v;
    } catch (InputException notALiteral) {
      return text;
    }
  }
}
