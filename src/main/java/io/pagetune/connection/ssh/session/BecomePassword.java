package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeShell;
import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * The become password of one host and whether sudo or su wants it. sudo gets it first on a
 * command's stdin when it asks for one, never when it runs without asking (NOPASSWD), where it
 * would become the command's input; whether sudo asks is found once per program and user. su's
 * wrapper always takes the first line of stdin for su alone (empty without a password).
 */
final class BecomePassword {
  private final Supplier<Optional<String>> password;
  private final ExecChannel exec;
  private final Semaphore channels;
  private final TaskTimeout taskTimeout;
  private final Map<List<String>, Boolean> withoutPassword = new ConcurrentHashMap<>();

  BecomePassword(
      Supplier<Optional<String>> password,
      ExecChannel exec,
      Semaphore channels,
      TaskTimeout taskTimeout) {
    this.password = password;
    this.exec = exec;
    this.channels = channels;
    this.taskTimeout = taskTimeout;
  }

  /** {@code stdin} with the password line in front when the become program will read it. */
  byte[] before(Become become, byte[] stdin) {
    if (!become.enabled()) {
      return stdin;
    }
    Optional<String> pw = password.get();
    String line;
    if (BecomeShell.alwaysReadsPasswordLine(become)) {
      line = pw.orElse("") + "\n";
    } else if (pw.isEmpty() || needsNone(become)) {
      return stdin;
    } else {
      line = pw.get() + "\n";
    }
    byte[] first = line.getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[first.length + stdin.length];
    System.arraycopy(first, 0, all, 0, first.length);
    System.arraycopy(stdin, 0, all, first.length, stdin.length);
    return all;
  }

  boolean hasPassword() {
    return password.get().isPresent();
  }

  /** Whether become would have to send a password (so its stdin cannot be a script). */
  boolean wouldSend(Become become) {
    return become.enabled()
        && (BecomeShell.alwaysReadsPasswordLine(become)
            || password.get().isPresent() && !needsNone(become));
  }

  /** The argv of a shell as the become user through {@code sudo -n}, reading a script on stdin. */
  List<String> scriptShell(Become become) {
    List<String> argv = new ArrayList<>(List.of(program(become), "-n"));
    argv.addAll(become.method().extraFlags());
    argv.addAll(List.of("-u", become.user(), "--", "/bin/sh"));
    return argv;
  }

  private static String program(Become become) {
    return become.method().exeOr("sudo");
  }

  private boolean needsNone(Become become) {
    return withoutPassword.computeIfAbsent(
        List.of(program(become), become.user()),
        key -> {
          String probe = ShellQuote.join(List.of(key.get(0), "-n", "-u", key.get(1), "true"));
          ExecChannel.Raw r =
              exec.run(probe, new byte[0], taskTimeout.get(), channels, "sudo -n", e -> {});
          return r.exitCode() == 0;
        });
  }
}
