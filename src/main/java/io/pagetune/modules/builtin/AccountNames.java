package io.pagetune.modules.builtin;

import java.util.regex.Pattern;

/**
 * What a user or group name, and a passwd field, may hold: shadow-utils' portable names, and no ':'
 * or line break that would forge another field or entry of /etc/passwd.
 */
final class AccountNames {
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]{0,31}\\$?");

  private AccountNames() {}

  static boolean validName(String name) {
    return NAME.matcher(name).matches();
  }

  static boolean validField(String value) {
    return value.indexOf(':') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0;
  }
}
