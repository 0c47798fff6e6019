package io.pagetune.connection;

/** Recognises sudo refusing the become password, from its own messages (SSH and local). */
public final class SudoFailure {
  private SudoFailure() {}

  public static boolean isWrongPassword(int exitCode, String stderr) {
    if (exitCode != 1) {
      return false;
    }
    return stderr.contains("Sorry, try again")
        || stderr.contains("incorrect password")
        || stderr.contains("no password was provided")
        || stderr.contains("a password is required");
  }

  public static String message(String becomeUser, String host) {
    return "sudo to "
        + becomeUser
        + " on "
        + host
        + " refused the become password (wrong or missing; set it with "
        + Become.PASSWORD_ENV
        + " or --ask-become-pass)";
  }
}
