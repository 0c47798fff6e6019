package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * The become password of one host and whether sudo wants it: sent first on a command's stdin when
 * sudo asks for one, never when sudo runs without asking (NOPASSWD), where it would become the
 * command's input. Whether sudo asks is found once per become user.
 */
final class SudoPassword {
  private final Supplier<Optional<String>> password;
  private final ExecChannel exec;
  private final Semaphore channels;
  private final TaskTimeout taskTimeout;
  private final Map<String, Boolean> withoutPassword = new ConcurrentHashMap<>();

  SudoPassword(
      Supplier<Optional<String>> password,
      ExecChannel exec,
      Semaphore channels,
      TaskTimeout taskTimeout) {
    this.password = password;
    this.exec = exec;
    this.channels = channels;
    this.taskTimeout = taskTimeout;
  }

  /** {@code stdin} with the password in front when sudo to the become user will ask for it. */
  byte[] before(Become become, byte[] stdin) {
    if (!become.enabled()) {
      return stdin;
    }
    Optional<String> pw = password.get();
    if (pw.isEmpty() || needsNone(become.user())) {
      return stdin;
    }
    byte[] line = (pw.get() + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[line.length + stdin.length];
    System.arraycopy(line, 0, all, 0, line.length);
    System.arraycopy(stdin, 0, all, line.length, stdin.length);
    return all;
  }

  boolean hasPassword() {
    return password.get().isPresent();
  }

  /** Whether become would have to send a password (so its stdin cannot be a script). */
  boolean wouldSend(Become become) {
    return become.enabled() && password.get().isPresent() && !needsNone(become.user());
  }

  private boolean needsNone(String user) {
    return withoutPassword.computeIfAbsent(
        user,
        u -> {
          String probe = ShellQuote.join(List.of("sudo", "-n", "-u", u, "true"));
          ExecChannel.Raw r =
              exec.run(probe, new byte[0], taskTimeout.get(), channels, "sudo -n", e -> {});
          return r.exitCode() == 0;
        });
  }
}
