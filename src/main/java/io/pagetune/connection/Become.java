package io.pagetune.connection;

/**
 * Privilege escalation for one command. The password is never part of this value: the connection
 * that holds it feeds it to sudo on stdin.
 */
public record Become(boolean enabled, String user) {
  public static final Become NONE = new Become(false, null);

  /** The environment variable a run's sudo password may come from (SSH and local alike). */
  public static final String PASSWORD_ENV = "PAGETUNE_BECOME_PASSWORD";

  public Become {
    if (enabled && (user == null || user.isBlank())) {
      user = "root";
    }
  }

  public static Become as(String user) {
    return new Become(true, user);
  }
}
