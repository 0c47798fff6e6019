package io.pagetune.modules;

import java.util.function.Supplier;

/**
 * Lenient conversions shared by argument validation and templates: a value may arrive as a YAML
 * number or as a string (from set_fact or a registered stdout) and must mean the same.
 */
public final class ArgCoercion {
  private ArgCoercion() {}

  public static boolean toBool(Object v, Supplier<RuntimeException> error) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.longValue() != 0;
    }
    String s = String.valueOf(v).trim().toLowerCase(java.util.Locale.ROOT);
    switch (s) {
      case "true", "yes", "on", "1", "y":
        return true;
      case "false", "no", "off", "0", "n", "":
        return false;
      default:
        throw error.get();
    }
  }

  public static boolean isBool(Object v) {
    try {
      toBool(v, IllegalArgumentException::new);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  public static long toLong(Object v, Supplier<RuntimeException> error) {
    if (v instanceof Number n) {
      double d = n.doubleValue();
      if (d != Math.rint(d)) {
        throw error.get();
      }
      return n.longValue();
    }
    try {
      return Long.parseLong(String.valueOf(v).trim());
    } catch (NumberFormatException e) {
      throw error.get();
    }
  }

  /**
   * A mode given as YAML 1.1 octal ({@code 0644} → 420), as a string ({@code '0644'}, {@code
   * '644'}) or as a decimal number that already holds the bits.
   */
  public static int toMode(Object v, Supplier<RuntimeException> error) {
    if (v instanceof Number n) {
      int mode = n.intValue();
      if (mode < 0 || mode > 07777) {
        throw error.get();
      }
      return mode;
    }
    String s = String.valueOf(v).trim();
    if (!s.matches("0?[0-7]{3,4}|0o[0-7]{3,4}")) {
      throw error.get();
    }
    return Integer.parseInt(s.startsWith("0o") ? s.substring(2) : s, 8);
  }
}
