package io.pagetune.connection.ssh.session;

import static io.pagetune.connection.ssh.session.ChannelWaits.await;
import static io.pagetune.connection.ssh.session.ChannelWaits.failureOf;
import static io.pagetune.connection.ssh.session.ChannelWaits.since;
import static io.pagetune.connection.ssh.session.ChannelWaits.withNote;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.OutputLimit;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import net.schmizz.sshj.connection.channel.direct.Session;

/**
 * One long-lived {@code /bin/sh} on one channel of a host's connection, so that a command costs a
 * write and a read instead of a channel and a forked sshd session. Commands go to the shell's stdin
 * one at a time; each (one simple command, exec'd in a subshell) runs in a child {@code /bin/sh -c}
 * with stdin from {@code /dev/null}, so a {@code cd}, {@code export} or {@code umask} of one
 * command never reaches the next. After each command the session shell prints a newline, a token
 * random per command and (on stdout) the exit status, which frames the output of both streams byte
 * for byte. A command that may leave a process behind writes into pipes of its own that the session
 * copies to the channel and stops reading once its frame is read, so what its background processes
 * write later reaches no other command. Only Bourne-shell syntax is sent, so Solaris 10's {@code
 * /bin/sh}, AIX ksh and IBM i PASE keep a session as well as dash or bash.
 *
 * <p>A session that cannot be trusted any more (a killed command whose frame never came, a stream
 * that ended) is marked broken and closed; its owner opens another or falls back to exec channels.
 */
final class ShellSession {
  /** How long a timed-out command's kill may take. */
  private static final Duration KILL_GRACE = Duration.ofSeconds(4);

  /** How long the frame may take to arrive once the timed-out command was killed. */
  private static final Duration RECOVER_GRACE = Duration.ofSeconds(3);

  /** How long a closing session's shell may take to run its exit trap. */
  private static final Duration EXIT_GRACE = Duration.ofSeconds(1);

  private final String host;
  private final Session.Command shell;
  private final OutputStream stdin;
  private final ExecutorService io;
  private final ScheduledExecutorService timer;
  private final ConnectionProbe probe;
  private final OutputLimit limit;
  private final SessionFifos fifos = new SessionFifos();
  private volatile boolean broken;

  ShellSession(
      String host,
      Session.Command shell,
      ExecutorService io,
      ScheduledExecutorService timer,
      ConnectionProbe probe,
      OutputLimit limit) {
    this.host = host;
    this.shell = shell;
    this.stdin = shell.getOutputStream();
    this.io = io;
    this.timer = timer;
    this.probe = probe;
    this.limit = limit;
  }

  /**
   * Sets the freshly started shell up and checks that it frames a command, within {@code within}:
   * false (the session closed) when the host does not keep a shell this way.
   */
  boolean setUp(Duration within, String withinName) {
    try {
      stdin.write(SessionShellText.setup().getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      close();
      return false;
    }
    try {
      ExecChannel.Raw hello =
          framed(
              SessionFifos.direct(),
              SessionShellText.line("echo ok"),
              within,
              withinName,
              "shell session check",
              err -> {});
      if (hello.exitCode() == 0
          && new String(hello.stdout(), StandardCharsets.US_ASCII).equals("ok\n")) {
        return true;
      }
    } catch (ConnectionException e) {
      if (!probe.alive()) {
        throw e;
      }
    }
    close();
    return false;
  }

  boolean broken() {
    return broken;
  }

  /**
   * Runs one command (one simple command that {@code exec} can replace a subshell with, not
   * followed by a newline) and returns its framed output and status. At the timeout {@code
   * onTimeout} gets the stderr read so far (to find the PID to kill); the session stays usable when
   * the frame still arrives after the kill. Only a {@code relayed} command writes through relays of
   * its own: one that may leave a process behind (any command but pagetune's own file scripts).
   */
  ExecChannel.Raw run(
      String command,
      boolean relayed,
      Duration timeout,
      String display,
      Consumer<byte[]> onTimeout) {
    return framed(
        relayed ? fifos.next() : SessionFifos.direct(),
        SessionShellText.line(command),
        timeout,
        ExecChannel.COMMAND_TIMEOUT,
        display,
        onTimeout);
  }

  /**
   * Runs one command as {@link #run} does, with {@code input} (text lines pagetune generated, the
   * last ending in a newline) as its standard input: a here-document under a quoted random
   * delimiter, so the session shell expands nothing in it and the input reaches the command as data
   * of any size, never as an argument (Linux limits one argument to 128 KB). A script a {@code
   * /bin/sh} reads this way is how a whole write costs one round trip. Such a script is pagetune's
   * own and leaves no process behind, so it writes to the channel without relays.
   */
  ExecChannel.Raw runWithInput(
      String command, String input, Duration timeout, String display, Consumer<byte[]> onTimeout) {
    String body = SessionShellText.withInput(command, input);
    return framed(
        SessionFifos.direct(), body, timeout, ExecChannel.COMMAND_TIMEOUT, display, onTimeout);
  }

  /**
   * Runs {@code body}, a subshell ending in a newline, between a command's frame lines, writing
   * where {@code streams} points its fd 4 and 5; {@code timeoutName} names the timeout in the
   * report of a host cut off after it.
   */
  private ExecChannel.Raw framed(
      String streams,
      String body,
      Duration timeout,
      String timeoutName,
      String display,
      Consumer<byte[]> onTimeout) {
    long start = System.nanoTime();
    String during = "while running '" + ExecChannel.oneLine(display) + "'";
    if (broken) {
      throw new IllegalStateException("a broken shell session was reused");
    }
    String token = "pagetune-end-" + RandomHex.of(12);
    String begin = "pagetune-begin-" + RandomHex.of(12);
    FrameEnd out = new FrameEnd(begin, token);
    FrameEnd err = new FrameEnd(begin, token);
    String line = SessionShellText.framed(begin, token, body, streams);
    // stdout is read on the caller's thread and only stderr on a pump thread: one thread per
    // running command instead of two, which at hundreds of hosts is much of the run's memory
    CompletableFuture<Boolean> errDone = drain(shell.getErrorStream(), err, onTimeout);
    try {
      stdin.write(line.getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      breakNow();
      throw dropped(during, e);
    }
    long deadline = System.nanoTime() + Math.max(1, timeout.toNanos());
    Boolean outComplete;
    try {
      outComplete = readFrame(out, Duration.ofNanos(deadline - System.nanoTime()), during);
    } catch (FrameRead.Overflow e) {
      // the command is killed and the rest of its output never read: the session is spent
      kill(onTimeout, err.content(), during);
      breakNow();
      throw limit.exceeded(host, "the output of '" + ExecChannel.oneLine(display) + "'");
    } catch (ConnectionException e) {
      // the session closed because stderr went past the limit, not because the host went away
      await(errDone, RECOVER_GRACE);
      if (errDone.isCompletedExceptionally() && failureOf(errDone) instanceof FrameRead.Overflow) {
        throw limit.exceeded(host, "the error output of '" + ExecChannel.oneLine(display) + "'");
      }
      throw e;
    }
    boolean errComplete =
        outComplete != null
            && await(errDone, Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
    if (errDone.isCompletedExceptionally()) {
      breakNow();
      if (failureOf(errDone) instanceof FrameRead.Overflow) {
        throw limit.exceeded(host, "the error output of '" + ExecChannel.oneLine(display) + "'");
      }
      throw dropped(during, failureOf(errDone));
    }
    if (outComplete == null || (outComplete && !errComplete)) {
      // the timeout: a silent host is cut now, naming the figures; one that answers gets its
      // command killed, then one short grace for the frame of both streams
      requireAlive(timeout, timeoutName, during);
      kill(onTimeout, err.content(), during);
      recoverFrame(out, errDone, outComplete != null, during);
      return new ExecChannel.Raw(-1, out.content(), err.content(), since(start), true);
    }
    return ended(out, err, outComplete && errDone.getNow(false), during, start);
  }

  /** After a kill: one short grace for the frame of both streams, else the session is spent. */
  private void recoverFrame(
      FrameEnd out, CompletableFuture<Boolean> errDone, boolean outRead, String during) {
    long recovered = System.nanoTime() + RECOVER_GRACE.toNanos();
    boolean outLate = outRead || Boolean.TRUE.equals(readFrame(out, RECOVER_GRACE, during));
    Duration left = Duration.ofNanos(Math.max(1, recovered - System.nanoTime()));
    if (!outLate || !await(errDone, left) || !errDone.getNow(false)) {
      breakNow(); // the frame never came: the session's state is unknown
      probe.requireAlive(during, null);
    }
  }

  /** The result of a command whose streams ended, with ({@code framed}) or without its frame. */
  private ExecChannel.Raw ended(
      FrameEnd out, FrameEnd err, boolean framed, String during, long start) {
    if (!framed) {
      // the stream ended before the frame: the session shell itself is gone
      breakNow();
      probe.requireAlive(during, null);
      String why = "pagetune: the host's shell session ended during the command\n";
      return new ExecChannel.Raw(
          -1, out.content(), withNote(err.content(), why), since(start), false);
    }
    OptionalInt status = out.status();
    List<String> trailer = out.trailer();
    if (trailer.size() > 1 && trailer.get(1).matches("[A-Z][A-Z0-9+-]*|[0-9]+")) {
      // as the exec channel reports a command that died of a signal
      String why = "terminated by signal " + trailer.get(1) + "\n";
      return new ExecChannel.Raw(
          -1, out.content(), withNote(err.content(), why), since(start), false);
    }
    return new ExecChannel.Raw(
        status.orElse(-1), out.content(), err.content(), since(start), false);
  }

  /**
   * Reads stdout on this thread until the frame is complete (TRUE), the stream ends (FALSE) or
   * {@code limit} passes (null); see {@link FrameRead}.
   */
  private Boolean readFrame(FrameEnd frame, Duration limit, String during) {
    try {
      return FrameRead.read(shell.getInputStream(), frame, limit, this.limit.maxBytes(), timer);
    } catch (java.io.InterruptedIOException e) {
      // interrupted by someone else: the run is being cancelled
      breakNow();
      throw new ConnectionException(host + ": interrupted " + during, e);
    } catch (IOException e) {
      breakNow();
      throw dropped(during, e);
    }
  }

  /** After a wait of {@code waited} in vain: the session is spent when the host is lost. */
  private void requireAlive(Duration waited, String name, String during) {
    try {
      probe.requireAlive(waited, name, during, null);
    } catch (ConnectionException e) {
      breakNow();
      throw e;
    }
  }

  private void kill(Consumer<byte[]> onTimeout, byte[] stderrSoFar, String during) {
    CompletableFuture<Void> kill =
        CompletableFuture.runAsync(() -> onTimeout.accept(stderrSoFar), io);
    try {
      kill.get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      breakNow();
      probe.requireAlive(during, null);
    } catch (ExecutionException e) {
      breakNow();
      if (e.getCause() instanceof ConnectionException lost) {
        throw lost;
      }
      probe.requireAlive(during, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      breakNow();
      throw new ConnectionException(host + ": interrupted " + during, e);
    }
  }

  /**
   * Reads until the frame is complete (true) or the stream ends (false). Past the output limit it
   * kills the command, closes the session and fails with {@link Overflow}.
   */
  private CompletableFuture<Boolean> drain(
      InputStream in, FrameEnd frame, Consumer<byte[]> killer) {
    return CompletableFuture.supplyAsync(
        () -> {
          byte[] buf = new byte[16384];
          try {
            while (true) {
              int n = in.read(buf);
              if (n < 0) {
                return false;
              }
              if (n > 0 && frame.add(buf, 0, n)) {
                return true;
              }
              if (frame.received() > limit.maxBytes()) {
                // both streams share the channel's window: unread stderr would stall stdout too,
                // so the session is closed (the caller's read of stdout then ends)
                killer.accept(frame.content());
                breakNow();
                throw new FrameRead.Overflow();
              }
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        io);
  }

  private ConnectionException dropped(String during, Throwable cause) {
    if (cause instanceof ConnectionException own) {
      return own;
    }
    Throwable why = cause instanceof java.io.UncheckedIOException u ? u.getCause() : cause;
    if (!probe.alive()) {
      return probe.lost(during, why);
    }
    return new ConnectionException(
        host
            + ": shell session failed "
            + during
            + ": "
            + ConnectionProbe.oneLine(String.valueOf(why.getMessage())),
        why);
  }

  private void breakNow() {
    if (!broken) {
      broken = true;
      close();
    }
  }

  /**
   * Asks the shell to exit (so that its exit trap removes its note directory), then closes the
   * channel without making the caller wait for the server.
   */
  void close() {
    broken = true;
    try {
      stdin.write("exit\n".getBytes(StandardCharsets.US_ASCII));
      stdin.flush();
    } catch (IOException | RuntimeException ignored) {
      // the channel is gone already: nothing reads the request
    }
    io.execute(
        () -> {
          try {
            shell.join(EXIT_GRACE.toMillis(), TimeUnit.MILLISECONDS);
          } catch (IOException | RuntimeException ignored) {
            // a command still running or a lost connection: close regardless
          }
          ChannelWaits.closeQuietly(shell);
        });
  }
}
