package io.pagetune.connection;

/**
 * Privilege escalation for one command: as which user and through which {@link BecomeMethod}. The
 * password is never part of this value: the connection that holds it feeds it to sudo or su on
 * stdin.
 */
public record Become(boolean enabled, String user, BecomeMethod method) {
  public static final Become NONE = new Become(false, null);

  /** The environment variable a run's become password may come from (SSH and local alike). */
  public static final String PASSWORD_ENV = "PAGETUNE_BECOME_PASSWORD";

  public Become {
    if (enabled && (user == null || user.isBlank())) {
      user = "root";
    }
    method = method == null ? BecomeMethod.SUDO : method;
  }

  /** Become through sudo (the default method). */
  public Become(boolean enabled, String user) {
    this(enabled, user, BecomeMethod.SUDO);
  }

  public static Become as(String user) {
    return new Become(true, user);
  }

  /** The same become through {@code how}. */
  public Become through(BecomeMethod how) {
    return new Become(enabled, user, how);
  }

  /** The name of the method for messages: sudo, su. */
  public String methodName() {
    return method.name();
  }
}
