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

  /** The only become method pagetune runs; Ansible's others are refused by name. */
  public static final String SUDO = "sudo";

  /**
   * Why {@code method} (a {@code become_method} from the command line, ansible.cfg, a play or task,
   * or {@code ansible_become_method}) cannot be used, or empty for sudo.
   */
  public static java.util.Optional<String> methodProblem(String method) {
    if (SUDO.equals(method == null ? null : method.strip())) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        "become method '"
            + method
            + "' is not supported: pagetune becomes another user with sudo only (sudo's password"
            + " goes on its stdin, never in argv)");
  }
}
