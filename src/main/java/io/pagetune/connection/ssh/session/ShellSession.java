package io.pagetune.connection.ssh.session;

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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;

/**
 * One long-lived {@code /bin/sh} on one channel of a host's connection, so that a command costs a
 * write and a read instead of a channel and a forked sshd session. Commands go to the shell's stdin
 * one at a time; each (one simple command, exec'd in a subshell) runs in a child {@code /bin/sh -c}
 * with stdin from {@code /dev/null}, so a {@code cd}, {@code export} or {@code umask} of one
 * command never reaches the next. After each command the session shell prints a newline, a token
 * random per command and (on stdout) the exit status, which frames the output of both streams byte
 * for byte. A command writes into pipes of its own that the session copies to the channel and stops
 * reading once its frame is read, so what its background processes write later reaches no other
 * command. Only Bourne-shell syntax is sent, so Solaris 10's {@code /bin/sh}, AIX ksh and IBM i
 * PASE keep a session as well as dash or bash.
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

  /**
   * What a command's output goes through: fd 4 and 5 (see {@link #RELAYS}) as its stdout and
   * stderr, none of the session's own descriptors kept.
   */
  private static final String REDIRECT = " >&4 2>&5 3>&- 4>&- 5>&-";

  /**
   * Each command's stdout and stderr are fresh FIFOs (fd 4 and 5 of the session shell, unlinked
   * once open) that a {@code cat -u} per stream copies to the channel, so no process a command
   * starts ever holds the channel itself. The frame lines go through the same FIFOs after the
   * command, so they come after every byte it wrote. The next command first kills the previous
   * pair: a background process of an earlier command still writing then writes into a pipe nobody
   * reads (it gets EPIPE, as it would once an exec channel closed), and whatever the relay copied
   * after the frame comes before the next begin line, which drops it. Without {@code mkfifo} the
   * command writes to the channel directly, as before. Each relay {@code exec}s {@code cat} so that
   * {@code $!} is the process holding the FIFO (yash would otherwise run it as a child of the PID
   * it reports), and {@code wait} discards the shells' notices of the killed relays, which would
   * otherwise read as a signal in the note file.
   */
  private static final String RELAYS =
      "case $pt_ro in ?*) kill $pt_ro $pt_re 2>/dev/null; wait $pt_ro $pt_re 2>/dev/null;"
          + " pt_ro=; pt_re=;; esac; : > \"$pt_d/note\";"
          + " if mkfifo \"$pt_d/o\" \"$pt_d/e\" 2>/dev/null; then"
          + " exec cat -u <\"$pt_d/o\" 2>/dev/null & pt_ro=$!;"
          + " exec cat -u <\"$pt_d/e\" >&3 2>/dev/null & pt_re=$!;"
          + " exec 4>\"$pt_d/o\" 5>\"$pt_d/e\"; rm -f \"$pt_d/o\" \"$pt_d/e\";"
          + " else exec 4>&1 5>&3; fi\n";

  private final String host;
  private final Session.Command shell;
  private final OutputStream stdin;
  private final ExecutorService io;
  private final ScheduledExecutorService timer;
  private final ConnectionProbe probe;
  private final OutputLimit limit;
  private volatile boolean broken;

  private ShellSession(
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
   * Opens a session and checks that it frames a command, within {@code within}; null when the host
   * does not keep a shell this way (the caller then uses exec channels).
   */
  static ShellSession open(
      String host,
      SSHClient client,
      ExecutorService io,
      ScheduledExecutorService timer,
      ConnectionProbe probe,
      Duration within,
      String withinName,
      OutputLimit limit) {
    CompletableFuture<Session.Command> starting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return client.startSession().exec("exec /bin/sh");
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            },
            io);
    Session.Command cmd;
    try {
      cmd = starting.get(within.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      starting.thenAccept(ShellSession::closeQuietly);
      // a silent host is cut now; one that answers is left to exec channels
      probe.requireAlive(within, withinName, "while opening a shell session", null);
      return null;
    } catch (ExecutionException e) {
      if (ConnectionProbe.isTimeout(e)) {
        probe.requireAlive(within, withinName, "while opening a shell session", e.getCause());
      }
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted while opening a shell session", e);
    }
    ShellSession session = new ShellSession(host, cmd, io, timer, probe, limit);
    try {
      session.stdin.write(setup().getBytes(StandardCharsets.UTF_8));
      session.stdin.flush();
    } catch (IOException e) {
      session.close();
      return null;
    }
    try {
      ExecChannel.Raw hello =
          session.framed(line("echo ok"), within, withinName, "shell session check", err -> {});
      if (hello.exitCode() == 0
          && new String(hello.stdout(), StandardCharsets.US_ASCII).equals("ok\n")) {
        return session;
      }
    } catch (ConnectionException e) {
      if (!probe.alive()) {
        throw e;
      }
    }
    session.close();
    return null;
  }

  /**
   * The session shell's first line: a private directory for its note file (the shell exits, and the
   * caller falls back to exec channels, when it cannot make one), removed when the shell ends; the
   * channel's stderr kept on fd 3 and the shell's own stderr sent to the note file. A shell killed
   * outright runs no trap, so the directories of session shells no longer alive (the PID is the
   * name's second-last dot-separated word) are removed first; another user's stay, as the sticky
   * temp directory refuses. The PID is split out with {@code IFS} and tested with the {@code kill}
   * builtin: no process per directory, as many sessions may share one temp directory.
   */
  private static String setup() {
    return "pt_t=${TMPDIR:-/tmp}; pt_d=$pt_t/pagetune-sh.$$."
        + RandomHex.of(12)
        + "; pt_i=$IFS; for pt_o in \"$pt_t\"/pagetune-sh.*; do [ -d \"$pt_o\" ] || continue;"
        + " pt_p=; pt_q=; IFS=.; set -f; for pt_w in $pt_o; do pt_p=$pt_q; pt_q=$pt_w; done;"
        + " set +f; IFS=$pt_i; case $pt_p in ''|*[!0-9]*) ;; *) kill -0 \"$pt_p\" 2>/dev/null"
        + " || rm -rf \"$pt_o\" 2>/dev/null;; esac; done;"
        + " mkdir -m 700 \"$pt_d\" || exit 1; pt_ro=; pt_re=;"
        + " trap 'kill $pt_ro $pt_re 2>/dev/null; rm -rf \"$pt_d\"' 0;"
        + " trap 'exit 129' 1 15; exec 3>&2 2>\"$pt_d/note\"\n";
  }

  boolean broken() {
    return broken;
  }

  /**
   * Runs one command (one simple command that {@code exec} can replace a subshell with, not
   * followed by a newline) and returns its framed output and status. At the timeout {@code
   * onTimeout} gets the stderr read so far (to find the PID to kill); the session stays usable when
   * the frame still arrives after the kill.
   */
  ExecChannel.Raw run(
      String command, Duration timeout, String display, Consumer<byte[]> onTimeout) {
    return framed(line(command), timeout, ExecChannel.COMMAND_TIMEOUT, display, onTimeout);
  }

  /** One command as the session runs it, in a subshell writing to its relays. */
  private static String line(String command) {
    return "( exec " + command + REDIRECT + " </dev/null )\n";
  }

  /**
   * Runs one command as {@link #run} does, with {@code input} (text lines pagetune generated, the
   * last ending in a newline) as its standard input: a here-document under a quoted random
   * delimiter, so the session shell expands nothing in it and the input reaches the command as data
   * of any size, never as an argument (Linux limits one argument to 128 KB). A script a {@code
   * /bin/sh} reads this way is how a whole write costs one round trip.
   */
  ExecChannel.Raw runWithInput(
      String command, String input, Duration timeout, String display, Consumer<byte[]> onTimeout) {
    if (!input.isEmpty() && !input.endsWith("\n")) {
      throw new IllegalArgumentException("here-document input must end with a newline");
    }
    String delimiter = "pagetune-input-" + RandomHex.of(12);
    if (input.startsWith(delimiter + "\n") || input.contains("\n" + delimiter + "\n")) {
      throw new IllegalArgumentException("here-document input holds its delimiter");
    }
    String body =
        "( exec " + command + REDIRECT + " <<'" + delimiter + "'\n" + input + delimiter + "\n)\n";
    return framed(body, timeout, ExecChannel.COMMAND_TIMEOUT, display, onTimeout);
  }

  /**
   * Runs {@code body}, a subshell ending in a newline, between a command's frame lines; {@code
   * timeoutName} names the timeout in the report of a host cut off after it.
   */
  private ExecChannel.Raw framed(
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
    // the relays, then the begin lines: what the relays of the previous command copied after its
    // frame comes before them. The command runs exec'd in a subshell writing to its relays, so that
    // the session shell's own stderr, the note file, gets only the shell's notice of a child that
    // died of a signal: a status above 128 is a signal only with that notice ("exit 143" is not).
    // Shells that print no notice say it in the status: ksh93 gives 256 + the signal, yash 384 +
    // it, above any exit status. The number is taken modulo 128 because posh's "kill -l" takes
    // only the signal's own number. Bourne syntax only: backquotes, no $(...) nor $((...)).
    String line =
        RELAYS
            + "printf '%s\\n' "
            + begin
            + "; printf '%s\\n' "
            + begin
            + " >&3\n"
            + body
            + "pt_st=$?; pt_sig=; if [ $pt_st -gt 255 ] || { [ $pt_st -gt 128 ] && [ -s \"$pt_d/note\" ]; };"
            + " then pt_n=`expr $pt_st % 128`; pt_sig=`kill -l $pt_n 2>/dev/null`;"
            + " case $pt_sig in ''|*[!A-Z0-9+-]*) pt_sig=$pt_n;; esac; fi; : > \"$pt_d/note\"\n"
            + "printf '\\n%s %s %s\\n' "
            + token
            + " $pt_st \"$pt_sig\" >&4; printf '\\n%s\\n' "
            + token
            + " >&5; exec 4>&- 5>&-\n";
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
    } catch (Overflow e) {
      // the command is killed and the rest of its output never read: the session is spent
      kill(onTimeout, err.content(), during);
      breakNow();
      throw limit.exceeded(host, "the output of '" + ExecChannel.oneLine(display) + "'");
    } catch (ConnectionException e) {
      // the session closed because stderr went past the limit, not because the host went away
      await(errDone, RECOVER_GRACE);
      if (errDone.isCompletedExceptionally() && failureOf(errDone) instanceof Overflow) {
        throw limit.exceeded(host, "the error output of '" + ExecChannel.oneLine(display) + "'");
      }
      throw e;
    }
    boolean errComplete =
        outComplete != null
            && await(errDone, Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
    if (errDone.isCompletedExceptionally()) {
      breakNow();
      if (failureOf(errDone) instanceof Overflow) {
        throw limit.exceeded(host, "the error output of '" + ExecChannel.oneLine(display) + "'");
      }
      throw dropped(during, failureOf(errDone));
    }
    if (outComplete == null || (outComplete && !errComplete)) {
      // the timeout: a silent host is cut now, naming the figures; one that answers gets its
      // command killed, then one short grace for the frame of both streams
      requireAlive(timeout, timeoutName, during);
      kill(onTimeout, err.content(), during);
      long recovered = System.nanoTime() + RECOVER_GRACE.toNanos();
      boolean outLate =
          outComplete != null || Boolean.TRUE.equals(readFrame(out, RECOVER_GRACE, during));
      Duration left = Duration.ofNanos(Math.max(1, recovered - System.nanoTime()));
      if (!outLate || !await(errDone, left) || !errDone.getNow(false)) {
        breakNow(); // the frame never came: the session's state is unknown
        probe.requireAlive(during, null);
      }
      return new ExecChannel.Raw(-1, out.content(), err.content(), since(start), true);
    }
    if (!outComplete || !errDone.getNow(false)) {
      // the stream ended before the frame: the session shell itself is gone
      breakNow();
      probe.requireAlive(during, null);
      byte[] why =
          "pagetune: the host's shell session ended during the command\n"
              .getBytes(StandardCharsets.UTF_8);
      return new ExecChannel.Raw(
          -1, out.content(), concat(err.content(), why), since(start), false);
    }
    OptionalInt status = out.status();
    List<String> trailer = out.trailer();
    if (trailer.size() > 1 && trailer.get(1).matches("[A-Z][A-Z0-9+-]*|[0-9]+")) {
      // as the exec channel reports a command that died of a signal
      byte[] why =
          ("terminated by signal " + trailer.get(1) + "\n").getBytes(StandardCharsets.UTF_8);
      return new ExecChannel.Raw(
          -1, out.content(), concat(err.content(), why), since(start), false);
    }
    return new ExecChannel.Raw(
        status.orElse(-1), out.content(), err.content(), since(start), false);
  }

  /**
   * Reads stdout on this thread until the frame is complete (TRUE), the stream ends (FALSE) or
   * {@code limit} passes (null). The limit interrupts this thread's blocked read; the interrupt is
   * consumed here, whether it came during the read or just after it.
   */
  private Boolean readFrame(FrameEnd frame, Duration limit, String during) {
    Thread reader = Thread.currentThread();
    AtomicInteger state = new AtomicInteger(READING);
    ScheduledFuture<?> alarm =
        timer.schedule(
            () -> {
              if (state.compareAndSet(READING, INTERRUPTING)) {
                reader.interrupt();
                state.set(INTERRUPTED);
              }
            },
            Math.max(1, limit.toNanos()),
            TimeUnit.NANOSECONDS);
    InputStream in = shell.getInputStream();
    byte[] buf = new byte[8192];
    try {
      while (true) {
        int n = in.read(buf);
        if (n < 0) {
          return Boolean.FALSE;
        }
        if (n > 0 && frame.add(buf, 0, n)) {
          return Boolean.TRUE;
        }
        if (frame.received() > this.limit.maxBytes()) {
          throw new Overflow();
        }
      }
    } catch (java.io.InterruptedIOException e) {
      if (state.get() == READING) {
        // interrupted by someone else: the run is being cancelled
        breakNow();
        throw new ConnectionException(host + ": interrupted " + during, e);
      }
      return null;
    } catch (IOException e) {
      breakNow();
      throw dropped(during, e);
    } finally {
      alarm.cancel(false);
      if (!state.compareAndSet(READING, DONE)) {
        while (state.get() != INTERRUPTED) {
          Thread.onSpinWait(); // the alarm is between its check and its interrupt
        }
        Thread.interrupted(); // the deadline's interrupt is ours: it must not reach the caller
      }
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

  /** A stream went past the output limit. */
  private static final class Overflow extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Overflow() {
      super("output limit", null, false, false);
    }
  }

  private static final int READING = 0;
  private static final int INTERRUPTING = 1;
  private static final int INTERRUPTED = 2;
  private static final int DONE = 3;

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
                throw new Overflow();
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
          closeQuietly(shell);
        });
  }

  private static Throwable failureOf(CompletableFuture<?> f) {
    try {
      f.join();
      return new IllegalStateException("completed normally");
    } catch (java.util.concurrent.CompletionException e) {
      return e.getCause();
    }
  }

  private static boolean await(CompletableFuture<?> f, Duration grace) {
    try {
      f.get(grace.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (ExecutionException | TimeoutException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void closeQuietly(Session.Command cmd) {
    try {
      cmd.close();
    } catch (IOException | RuntimeException ignored) {
      // the connection is going away or the channel is gone already
    }
  }

  private static Duration since(long start) {
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
