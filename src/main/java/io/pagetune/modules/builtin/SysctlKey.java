package io.pagetune.modules.builtin;

import java.util.regex.Pattern;

/**
 * Sysctl names and values as the kernel compares them. A name may be written with dots or slashes:
 * when its first separator is a slash, slashes and dots swap ({@code
 * net/ipv4/conf/eth0.100/rp_filter} is {@code net.ipv4.conf.eth0/100.rp_filter}), as sysctl.d(5)
 * specifies.
 */
final class SysctlKey {
  // [A-Za-z0-9_./-]+, but never starting with '-': "sysctl -n -p" would load a file into the kernel
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_./-]*");
  private static final Pattern BLANKS = Pattern.compile("\\s+");

  private SysctlKey() {}

  static boolean isValid(String name) {
    return VALID.matcher(name).matches();
  }

  /** The dotted form of a name. */
  static String canonical(String name) {
    int dot = name.indexOf('.');
    int slash = name.indexOf('/');
    if (slash < 0 || (dot >= 0 && dot < slash)) {
      return name;
    }
    StringBuilder sb = new StringBuilder(name.length());
    for (char c : name.toCharArray()) {
      sb.append(c == '/' ? '.' : c == '.' ? '/' : c);
    }
    return sb.toString();
  }

  static boolean same(String a, String b) {
    return canonical(a).equals(canonical(b));
  }

  /** {@code sysctl -n} separates multiple values with tabs; files use spaces. Compare words. */
  static String normalizeValue(String value) {
    return BLANKS.matcher(value.strip()).replaceAll(" ");
  }
}
