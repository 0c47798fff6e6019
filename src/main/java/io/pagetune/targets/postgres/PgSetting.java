package io.pagetune.targets.postgres;

/**
 * One assignment of a server parameter as PostgreSQL reads it at start, and where it stands.
 *
 * @param name the parameter, lower case
 * @param value its value
 * @param source {@code <file>:<line>}, or the command line that gives it
 */
record PgSetting(String name, String value, String source) {

  /** Whether the assignment stands in {@code path}. */
  boolean in(String path) {
    return source.startsWith(path + ":");
  }

  /** {@code huge_pages = 'off' (/etc/postgresql/15/main/local.conf:2)}. */
  String describe() {
    return name + " = '" + value + "' (" + source + ")";
  }

  /**
   * Whether two values of an enum parameter such as huge_pages mean the same (case, boolean words).
   */
  static boolean sameEnum(String a, String b) {
    return canonical(a).equals(canonical(b));
  }

  private static String canonical(String v) {
    String s = v.strip().toLowerCase(java.util.Locale.ROOT);
    return switch (s) {
      case "true", "yes", "1" -> "on";
      case "false", "no", "0" -> "off";
      default -> s;
    };
  }
}
