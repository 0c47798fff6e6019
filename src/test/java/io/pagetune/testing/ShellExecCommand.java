package io.pagetune.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;

/**
 * An exec request run like OpenSSH runs it: {@code /bin/sh -c <command>} in the host's working
 * directory, started in a new session ({@code setsid}) so the command leads its own process group,
 * stdin passed through until EOF. Closing the channel does not kill the process (OpenSSH without a
 * pty does not either): only an explicit kill ends a runaway command. With a {@code binSh}, the
 * host's {@code /bin/sh} is that shell (ksh93, mksh, busybox, ...) for the command and its
 * children.
 */
final class ShellExecCommand implements Command {
  private static final String BIND_AND_RUN =
      "mount --bind \"$1\" /bin/sh || exit 125; exec /bin/sh -c \"$2\"";

  private final String command;
  private final Path workDir;
  private final boolean newSession;
  private final Set<Process> running;
  private InputStream in;
  private OutputStream out;
  private OutputStream err;
  private ExitCallback exit;
  private Process process;
  private final Path pathPrefix;
  private final Path binSh;
  private final java.util.concurrent.atomic.AtomicInteger maxRunning;
  private final InputWatch watch;

  /**
   * Sees what arrives on a command's stdin (a shell session's commands arrive there): returns false
   * to stop passing input on, as a server that stopped answering would.
   */
  interface InputWatch {
    boolean pass(String recent);
  }

  ShellExecCommand(
      String command,
      Path workDir,
      boolean newSession,
      Path pathPrefix,
      Path binSh,
      Set<Process> running,
      java.util.concurrent.atomic.AtomicInteger maxRunning,
      InputWatch watch) {
    this.watch = watch;
    this.maxRunning = maxRunning;
    this.pathPrefix = pathPrefix;
    this.binSh = binSh;
    this.command = command;
    this.workDir = workDir;
    this.newSession = newSession;
    this.running = running;
  }

  @Override
  public void setInputStream(InputStream in) {
    this.in = in;
  }

  @Override
  public void setOutputStream(OutputStream out) {
    this.out = out;
  }

  @Override
  public void setErrorStream(OutputStream err) {
    this.err = err;
  }

  @Override
  public void setExitCallback(ExitCallback callback) {
    this.exit = callback;
  }

  @Override
  public void start(ChannelSession channel, Environment env) throws IOException {
    List<String> argv = new ArrayList<>();
    if (newSession) {
      argv.add("setsid");
    }
    if (binSh != null) {
      // pagetune names /bin/sh itself (its session is "exec /bin/sh", its commands "/bin/sh -c"),
      // so the other shell is mounted over /bin/sh for this command and all it starts
      argv.addAll(List.of("unshare", "--mount", "--propagation", "private"));
      argv.addAll(List.of("/bin/sh", "-c", BIND_AND_RUN, "bin-sh", binSh.toString()));
    } else {
      argv.addAll(List.of("/bin/sh", "-c"));
    }
    argv.add(command);
    ProcessBuilder pb = new ProcessBuilder(argv).directory(workDir.toFile());
    if (pathPrefix != null) {
      pb.environment()
          .put("PATH", pathPrefix + ":" + pb.environment().getOrDefault("PATH", "/usr/bin:/bin"));
    }
    process = pb.start();
    running.add(process);
    maxRunning.accumulateAndGet(running.size(), Math::max);
    Thread stdin = pump(in, process.getOutputStream(), "stdin", true, watch);
    Thread stdout = pump(process.getInputStream(), out, "stdout", false, null);
    Thread stderr = pump(process.getErrorStream(), err, "stderr", false, null);
    Thread waiter =
        new Thread(
            () -> {
              int code;
              try {
                code = process.waitFor();
                stdout.join(5000);
                stderr.join(5000);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                code = -1;
              }
              running.remove(process);
              stdin.interrupt();
              exit.onExit(code);
            },
            "test-sshd-wait");
    waiter.setDaemon(true);
    waiter.start();
  }

  private static Thread pump(
      InputStream from, OutputStream to, String name, boolean closeTo, InputWatch watch) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[16384];
              // the end of the previous chunk too, so a fragment split across reads is seen
              String tail = "";
              try {
                int n;
                while ((n = from.read(buf)) > 0) {
                  if (watch != null) {
                    String recent =
                        tail + new String(buf, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1);
                    if (!watch.pass(recent)) {
                      stall(); // the input (and its EOF) never reaches the process
                      return;
                    }
                    tail = recent.substring(Math.max(0, recent.length() - 256));
                  }
                  to.write(buf, 0, n);
                  to.flush();
                }
              } catch (IOException e) {
                // the other side went away
              } finally {
                if (closeTo) {
                  try {
                    to.close();
                  } catch (IOException ignored) {
                    // already closed
                  }
                }
              }
            },
            "test-sshd-" + name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  /** Holds the input back until the channel goes away (which interrupts this pump). */
  private static void stall() {
    try {
      Thread.sleep(Long.MAX_VALUE);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void destroy(ChannelSession channel) {
    if (process != null) {
      try {
        process.getOutputStream().close();
      } catch (IOException ignored) {
        // the process already closed its stdin
      }
    }
  }
}
