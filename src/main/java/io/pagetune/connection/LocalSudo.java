package io.pagetune.connection;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * How the local connection becomes another user: the default sudo program and where the become
 * password comes from. sudo gets the password on stdin ({@code -S}, no prompt), never in argv;
 * without a password it runs non-interactively ({@code -n}) so it fails at once instead of eating
 * the command's input. su gets it the same way ({@link BecomeShell}).
 *
 * @param program sudo, or a stand-in (tests, the lab); a task's {@code become_exe} wins
 * @param password the become password, read only when sudo asks for one
 */
public record LocalSudo(String program, Supplier<Optional<String>> password) {
  public LocalSudo {
    Objects.requireNonNull(program, "program");
    password = password == null ? Optional::empty : password;
  }

  /** The system's {@code sudo} with this password source. */
  public static LocalSudo of(Supplier<Optional<String>> password) {
    return new LocalSudo("sudo", password);
  }

  /**
   * The argv asking whether sudo ({@code program}) would run as {@code user} without a password.
   */
  List<String> probe(String program, String user) {
    return List.of(program, "-n", "-u", user, "true");
  }

  @Override
  public String toString() {
    return "LocalSudo[" + program + "]"; // never the password
  }
}
