package io.pagetune.connection.ssh;

import io.pagetune.connection.ConnectionException;
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

  ExecChannel(String host, SSHClient client, ExecutorService io) {
    this.host = host;
    this.client = client;
    this.io = io;
  }

  /** What came back; {@code exitCode} is -1 when the command was killed or ended by a signal. */
  record Raw(int exitCode, byte[] stdout, byte[] stderr, Duration elapsed, boolean timedOut) {}

  /**
   * Runs {@code line}. At the timeout {@code onTimeout} receives the stderr read so far (to find
   * the PID) before the channel is closed.
   */
  Raw run(
      String line,
      byte[] stdin,
      Duration timeout,
      Semaphore permits,
      String display,
      Consumer<byte[]> onTimeout) {
    long start = System.nanoTime();
    if (!client.isConnected()) {
      throw new ConnectionException(host + ": connection is closed, cannot run '" + display + "'");
    }
    acquire(permits);
    try (Session session = client.startSession()) {
      Session.Command cmd = session.exec(line);
      Sink out = new Sink();
      Sink err = new Sink();
      CompletableFuture<Void> outDone = drain(cmd.getInputStream(), out);
      CompletableFuture<Void> errDone = drain(cmd.getErrorStream(), err);
      Future<?> inDone = feed(cmd.getOutputStream(), stdin);
      boolean timedOut = false;
      try {
        CompletableFuture.allOf(outDone, errDone)
            .get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        timedOut = true;
      } catch (ExecutionException e) {
        // a writer stuck waiting for window space holds a lock that sshj needs to tear the
        // transport down: interrupt it first
        inDone.cancel(true);
        throw dropped(display, e.getCause());
      }
      if (timedOut) {
        inDone.cancel(true);
        onTimeout.accept(err.bytes());
      } else {
        try {
          cmd.join(10, TimeUnit.SECONDS);
        } catch (net.schmizz.sshj.connection.ConnectionException e) {
          // the streams ended but the close did not arrive: the status may be missing
        }
      }
      closeCommand(cmd, display, timedOut);
      // the close lets the drains end; give them a moment to hand over the last bytes
      awaitQuietly(outDone);
      awaitQuietly(errDone);
      inDone.cancel(true);
      ensureConnected(display, null);
      Integer status = cmd.getExitStatus();
      int exit = timedOut || status == null ? -1 : status;
      byte[] errBytes = err.bytes();
      if (!timedOut && status == null && cmd.getExitSignal() != null) {
        // no status: the process died of a signal; say which, as a shell would
        errBytes = concat(errBytes, "terminated by signal " + cmd.getExitSignal() + "\n");
      }
      return new Raw(
          exit, out.bytes(), errBytes, Duration.ofNanos(System.nanoTime() - start), timedOut);
    } catch (IOException | IllegalStateException e) {
      throw dropped(display, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted while running " + display, e);
    } finally {
      permits.release();
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

  private void closeCommand(Session.Command cmd, String display, boolean timedOut) {
    try {
      cmd.close();
    } catch (IOException e) {
      if (!timedOut) {
        ensureConnected(display, e);
      }
    }
  }

  private ConnectionException dropped(String display, Throwable cause) {
    ensureConnected(display, cause);
    for (Throwable t = cause; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage());
      if (t instanceof net.schmizz.sshj.transport.TransportException
          || t instanceof java.net.SocketException
          || t instanceof java.io.EOFException
          || m.contains("Connection reset")
          || m.contains("Broken transport")) {
        // the transport noticed before its state says so
        return new ConnectionException(
            host + ": connection dropped while running '" + display + "' (" + t.getMessage() + ")",
            cause);
      }
    }
    return new ConnectionException(
        host + ": SSH channel failed while running '" + display + "': " + cause.getMessage(),
        cause);
  }

  private void ensureConnected(String display, Throwable cause) {
    if (!client.isConnected() || !client.getTransport().isRunning()) {
      throw new ConnectionException(
          host + ": connection dropped while running '" + display + "'", cause);
    }
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

  private static byte[] concat(byte[] a, String b) {
    byte[] tail = b.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] all = java.util.Arrays.copyOf(a, a.length + tail.length);
    System.arraycopy(tail, 0, all, a.length, tail.length);
    return all;
  }

  private static void closeQuietly(OutputStream os) {
    try {
      os.close();
    } catch (IOException ignored) {
      // sending EOF fails only when the channel is already gone
    }
  }

  private static void awaitQuietly(CompletableFuture<Void> f) {
    try {
      f.get(5, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // what was read so far is the result
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A byte buffer that several threads may read while one writes. */
  private static final class Sink {
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

    synchronized void write(byte[] b, int off, int len) {
      buf.write(b, off, len);
    }

    synchronized byte[] bytes() {
      return buf.toByteArray();
    }
  }
}
