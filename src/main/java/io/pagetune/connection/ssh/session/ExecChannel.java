package io.pagetune.connection.ssh.session;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.RemoteCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;

/**
 * Runs one command string on one exec channel of a shared client: stdin written then closed, both
 * output streams drained, the exit status read only after the channel is closed (sshj needs the
 * close first). The number of open channels is bounded by a semaphore (sshd's MaxSessions).
 */
final class ExecChannel {
  private final String host;
  private final SSHClient client;
  private final ExecutorService io;
  private final ConnectionProbe probe;
  private final OutputLimit limit;

  ExecChannel(
      String host, SSHClient client, ExecutorService io, ConnectionProbe probe, OutputLimit limit) {
    this.host = host;
    this.client = client;
    this.io = io;
    this.probe = probe;
    this.limit = limit;
  }

  /** What came back; {@code exitCode} is -1 when the command was killed or ended by a signal. */
  record Raw(int exitCode, byte[] stdout, byte[] stderr, Duration elapsed, boolean timedOut) {}

  /**
   * Runs {@code line}. At the timeout {@code onTimeout} receives the stderr read so far (to find
   * the PID) before the channel is closed. Everything after the timeout is bounded: the kill, the
   * channel close and the last output each get a short grace, and a host that stops answering is
   * cut off as lost, so a stalled channel never holds a task much past its timeout.
   */
  Raw run(
      String line,
      byte[] stdin,
      Duration timeout,
      Semaphore permits,
      String display,
      Consumer<byte[]> onTimeout) {
    long start = System.nanoTime();
    String shown = oneLine(display);
    String during = "while running '" + shown + "'";
    if (!client.isConnected() || probe.gaveUp()) {
      throw new ConnectionException(host + ": connection is closed, cannot run '" + shown + "'");
    }
    acquire(permits);
    Duration given = timeout;
    long deadline = start + timeout.toNanos();
    try {
      // not try-with-resources: closing waits for the server, which must be bounded
      Session.Command cmd = startBounded(line, timeout, during);
      if (cmd == null) {
        byte[] why =
            ("pagetune: the host did not open a channel within " + timeout.toSeconds() + " s\n")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return new Raw(-1, new byte[0], why, Duration.ofNanos(System.nanoTime() - start), true);
      }
      timeout = timeout.minusNanos(System.nanoTime() - start);
      // past the limit a stream's bytes are dropped and the command is killed, as at a timeout
      CompletableFuture<Void> overflow = new CompletableFuture<>();
      Sink out = new Sink(limit.maxBytes(), overflow);
      Sink err = new Sink(limit.maxBytes(), overflow);
      CompletableFuture<Void> outDone = drain(cmd.getInputStream(), out);
      CompletableFuture<Void> errDone = drain(cmd.getErrorStream(), err);
      Future<?> inDone = feed(cmd.getOutputStream(), stdin);
      boolean timedOut = false;
      try {
        CompletableFuture.anyOf(CompletableFuture.allOf(outDone, errDone), overflow)
            .get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
        timedOut = overflow.isDone();
      } catch (TimeoutException e) {
        timedOut = true;
      } catch (ExecutionException e) {
        // a writer stuck waiting for window space holds a lock that sshj needs to tear the
        // transport down: interrupt it first
        inDone.cancel(true);
        closeBounded(cmd, during);
        throw dropped(during, e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        inDone.cancel(true);
        throw new ConnectionException(host + ": interrupted " + during, e);
      }
      if (timedOut) {
        inDone.cancel(true);
        if (!overflow.isDone()) {
          // a silent host is cut now, naming the figures; one that answers gets its command killed
          probe.requireAlive(given, COMMAND_TIMEOUT, during, null);
        }
        killBounded(err, onTimeout, during);
      } else {
        try {
          // the status comes just before the close: within what is left of the timeout
          long left = Math.max(deadline - System.nanoTime(), CLOSE_GRACE.toNanos());
          cmd.join(left, TimeUnit.NANOSECONDS);
        } catch (net.schmizz.sshj.connection.ConnectionException e) {
          // the streams ended but the close did not arrive: the status may be missing
        }
      }
      closeBounded(cmd, during);
      // the close lets the drains end; give them a moment to hand over the last bytes
      ChannelWaits.await(CompletableFuture.allOf(outDone, errDone), OUTPUT_GRACE);
      inDone.cancel(true);
      return result(cmd, out, err, overflow.isDone(), timedOut, shown, during, start);
    } catch (IOException | IllegalStateException e) {
      throw dropped(during, e);
    } finally {
      permits.release();
    }
  }

  /** What a finished (or killed) command left: its status or signal, and both streams. */
  private Raw result(
      Session.Command cmd,
      Sink out,
      Sink err,
      boolean overflowed,
      boolean timedOut,
      String shown,
      String during,
      long start) {
    if (!client.isConnected() || !client.getTransport().isRunning()) {
      throw probe.lost(during, null);
    }
    Integer status = cmd.getExitStatus();
    if (!timedOut && status == null && cmd.getExitSignal() == null) {
      // neither status nor signal: the channel ended without the command ending, which is
      // what a connection that is going away looks like before the transport notices
      probe.requireAlive(during, null);
    }
    if (overflowed) {
      throw limit.exceeded(host, "the output of '" + shown + "'");
    }
    int exit = timedOut || status == null ? -1 : status;
    byte[] errBytes = err.bytes();
    if (!timedOut && status == null && cmd.getExitSignal() != null) {
      // no status: the process died of a signal; say which, as a shell would
      errBytes =
          ChannelWaits.withNote(errBytes, "terminated by signal " + cmd.getExitSignal() + "\n");
    }
    return new Raw(
        exit, out.bytes(), errBytes, Duration.ofNanos(System.nanoTime() - start), timedOut);
  }

  /**
   * Opens the channel and starts the command within {@code timeout}, or returns null. A channel
   * that opens later is closed unused; a host that does not answer at all is lost.
   */
  private Session.Command startBounded(String line, Duration timeout, String during)
      throws IOException {
    CompletableFuture<Session.Command> starting =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return client.startSession().exec(line);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            },
            io);
    try {
      return starting.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      starting.thenAccept(ChannelWaits::closeQuietly);
      probe.requireAlive(timeout, COMMAND_TIMEOUT, during, null);
      return null;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof java.io.UncheckedIOException u) {
        throw u.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted " + during, e);
    }
  }

  /** The first line of a command, short enough for a one-line report. */
  static String oneLine(String display) {
    return RemoteCommand.oneLine(display);
  }

  /** How long the kill of a timed-out command may take before the host is asked if it lives. */
  private static final Duration KILL_GRACE = Duration.ofSeconds(4);

  /** What a command's timeout is called in the report of a host cut off after it. */
  static final String COMMAND_TIMEOUT = "command timeout";

  /** How long the server may take to confirm a channel close. */
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

  /**
   * How long the last output may take to arrive after the close. With the kill's and the close's
   * grace at most 7 s past the timeout on a host that answers (README: Timeouts).
   */
  private static final Duration OUTPUT_GRACE = Duration.ofSeconds(1);

  private void killBounded(Sink err, Consumer<byte[]> onTimeout, String during) {
    CompletableFuture<Void> kill =
        CompletableFuture.runAsync(() -> onTimeout.accept(err.bytes()), io);
    try {
      kill.get(KILL_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // the kill goes on in the background; a host that does not answer at all is lost
      probe.requireAlive(during, null);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof ConnectionException lost) {
        throw lost;
      }
      probe.requireAlive(during, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted " + during, e);
    }
  }

  /** Closes the channel, waiting a bounded time for the server to confirm. */
  private void closeBounded(Session.Command cmd, String during) {
    CompletableFuture<Void> closing =
        CompletableFuture.runAsync(
            () -> {
              try {
                cmd.close();
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            },
            io);
    try {
      closing.get(CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      // an unconfirmed close is harmless while the host answers; a silent host is lost
      probe.requireAlive(during, null);
    } catch (ExecutionException e) {
      probe.requireAlive(during, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted " + during, e);
    }
  }

  private void acquire(Semaphore permits) {
    try {
      permits.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted while waiting for a channel", e);
    }
  }

  /** A failed channel: the connection is lost unless the host still answers. */
  private ConnectionException dropped(String during, Throwable cause) {
    if (cause instanceof ConnectionException own) {
      return own;
    }
    if (!probe.alive()) {
      return probe.lost(during, cause);
    }
    return new ConnectionException(
        host
            + ": SSH channel failed "
            + during
            + ": "
            + ConnectionProbe.oneLine(String.valueOf(cause.getMessage())),
        cause);
  }

  private CompletableFuture<Void> drain(InputStream in, Sink sink) {
    return CompletableFuture.runAsync(
        () -> {
          byte[] buf = new byte[16384];
          try {
            int n;
            while ((n = in.read(buf)) > 0) {
              sink.write(buf, 0, n);
            }
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        io);
  }

  private Future<?> feed(OutputStream os, byte[] stdin) {
    if (stdin.length == 0) {
      closeQuietly(os);
      return CompletableFuture.completedFuture(null);
    }
    return io.submit(
        () -> {
          try {
            os.write(stdin);
            os.flush();
          } catch (IOException ignored) {
            // the command ended without reading all of its input; its status says the rest
          } finally {
            closeQuietly(os);
          }
        });
  }

  private static void closeQuietly(OutputStream os) {
    try {
      os.close();
    } catch (IOException ignored) {
      // sending EOF fails only when the channel is already gone
    }
  }

  /**
   * A byte buffer that several threads may read while one writes, holding at most {@code max}
   * bytes: what comes after is dropped and {@code overflow} completed.
   */
  private static final class Sink {
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
    private final long max;
    private final CompletableFuture<Void> overflow;

    Sink(long max, CompletableFuture<Void> overflow) {
      this.max = max;
      this.overflow = overflow;
    }

    synchronized void write(byte[] b, int off, int len) {
      if (buf.size() + (long) len > max) {
        overflow.complete(null);
        return;
      }
      buf.write(b, off, len);
    }

    synchronized byte[] bytes() {
      return buf.toByteArray();
    }
  }
}
