package io.pagetune.connection;

import java.util.List;
import java.util.Optional;

/**
 * How a host's command becomes another user, as Ansible's {@code become_method}, {@code become_exe}
 * and {@code become_flags} say: sudo (the password on its stdin, {@code -S}) or su (the password on
 * the stdin of su alone, the command's own streams passed around it).
 *
 * @param name {@code sudo} or {@code su}
 * @param exe the program to run, or null for the connection's default ({@code sudo}, {@code su})
 * @param flags the checked {@code become_flags}, or null for the method's default (sudo: {@code -H
 *     -S -n}, su: none)
 */
public record BecomeMethod(String name, String exe, List<String> flags) {
  public static final String SUDO_NAME = "sudo";
  public static final String SU_NAME = "su";
  public static final BecomeMethod SUDO = new BecomeMethod(SUDO_NAME, null, null);
  public static final BecomeMethod SU = new BecomeMethod(SU_NAME, null, null);
  private static final List<String> SUDO_DEFAULT_FLAGS = List.of("-H", "-S", "-n");

  public BecomeMethod {
    methodProblem(name)
        .ifPresent(
            p -> {
              throw new IllegalArgumentException(p);
            });
    exe = exe == null || exe.isBlank() ? null : exe.strip();
    flags = flags == null ? null : List.copyOf(flags);
  }

  /**
   * The method named by {@code name} with {@code exe} and {@code flags} (each null when not set),
   * or an {@link IllegalArgumentException} saying what is wrong with them.
   */
  public static BecomeMethod of(String name, String exe, String flags) {
    String method = name == null || name.isBlank() ? SUDO_NAME : name.strip();
    methodProblem(method)
        .or(() -> exe == null ? Optional.empty() : exeProblem(exe))
        .or(() -> flags == null ? Optional.empty() : BecomeFlags.problem(method, flags))
        .ifPresent(
            p -> {
              throw new IllegalArgumentException(p);
            });
    return new BecomeMethod(method, exe, flags == null ? null : BecomeFlags.split(flags));
  }

  public boolean isSu() {
    return SU_NAME.equals(name);
  }

  /** The program to run, {@code fallback} when {@code become_exe} is not set. */
  public String exeOr(String fallback) {
    return exe != null ? exe : fallback;
  }

  /** The program to run: {@code become_exe}, else the method's own name. */
  public String program() {
    return exeOr(name);
  }

  /** The flags to pass beside those pagetune sets itself (sudo's {@code -S}, {@code -n}). */
  public List<String> extraFlags() {
    List<String> given = flags != null ? flags : isSu() ? List.of() : SUDO_DEFAULT_FLAGS;
    return isSu() ? given : BecomeFlags.withoutStdinFlags(given);
  }

  /**
   * Why {@code method} (a {@code become_method} from the command line, ansible.cfg, a play or task,
   * or {@code ansible_become_method}) cannot be used, or empty for sudo and su.
   */
  public static Optional<String> methodProblem(String method) {
    String m = method == null ? null : method.strip();
    if (SUDO_NAME.equals(m) || SU_NAME.equals(m)) {
      return Optional.empty();
    }
    return Optional.of(
        "become method '"
            + method
            + "' is not supported: pagetune becomes another user with sudo or su only (the"
            + " password goes on their stdin, never in argv)");
  }

  /** Why {@code exe} cannot be a {@code become_exe}: it names one program, flags go apart. */
  public static Optional<String> exeProblem(String exe) {
    if (exe.isBlank() || exe.strip().chars().anyMatch(Character::isWhitespace)) {
      return Optional.of(
          "become_exe '" + exe + "' must name one program (put its options into become_flags)");
    }
    return Optional.empty();
  }
}
