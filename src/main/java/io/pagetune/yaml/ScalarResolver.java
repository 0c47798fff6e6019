package io.pagetune.yaml;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * Resolves plain (unquoted) scalars the way Ansible's YAML 1.1 loader does, so {@code become: yes}
 * and {@code mode: 0644} mean what an Ansible user expects. Quoted scalars always stay strings.
 */
final class ScalarResolver {
  private static final Set<String> NULLS = Set.of("", "~", "null", "Null", "NULL");
  private static final Set<String> TRUES =
      Set.of("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON");
  private static final Set<String> FALSES =
      Set.of("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF");
  private static final Pattern DECIMAL = Pattern.compile("[-+]?(0|[1-9][0-9_]*)");
  private static final Pattern OCTAL = Pattern.compile("[-+]?0[0-7_]+");
  private static final Pattern OCTAL12 = Pattern.compile("0o[0-7_]+");
  private static final Pattern HEX = Pattern.compile("[-+]?0x[0-9a-fA-F_]+");
  private static final Pattern FLOAT =
      Pattern.compile(
          "[-+]?([0-9][0-9_]*)?\\.[0-9_]*([eE][-+]?[0-9]+)?|[-+]?[0-9]+[eE][-+]?[0-9]+");

  private ScalarResolver() {}

  static Object resolvePlain(String text) {
    if (NULLS.contains(text)) {
      return null;
    }
    if (TRUES.contains(text)) {
      return Boolean.TRUE;
    }
    if (FALSES.contains(text)) {
      return Boolean.FALSE;
    }
    try {
      if (DECIMAL.matcher(text).matches()) {
        return Long.parseLong(text.replace("_", ""));
      }
      if (OCTAL.matcher(text).matches()) {
        return Long.parseLong(text.replace("_", ""), 8);
      }
      if (OCTAL12.matcher(text).matches()) {
        return Long.parseLong(text.substring(2).replace("_", ""), 8);
      }
      if (HEX.matcher(text).matches()) {
        boolean negative = text.startsWith("-");
        String digits = text.substring(text.indexOf('x') + 1).replace("_", "");
        long v = Long.parseLong(digits, 16);
        return negative ? -v : v;
      }
    } catch (NumberFormatException tooBig) {
      return text;
    }
    if (FLOAT.matcher(text).matches() && !text.equals(".")) {
      return Double.parseDouble(text.replace("_", ""));
    }
    switch (text) {
      case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
        return Double.POSITIVE_INFINITY;
      case "-.inf", "-.Inf", "-.INF":
        return Double.NEGATIVE_INFINITY;
      case ".nan", ".NaN", ".NAN":
        return Double.NaN;
      default:
        return text;
    }
  }
}
