package io.pagetune.connection.ssh.session;

import io.pagetune.connection.ConnectionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.sftp.SFTPException;

/**
 * The SFTP channel of one host, opened on first use and shared by every file operation, or the
 * knowledge that the host has none (then the shell does the work). Every request waits at most the
 * task's timeout; a channel that breaks is opened anew, a host that stops answering is lost.
 */
final class SftpChannel {
  private final String host;
  private final SSHClient client;
  private final Semaphore channels;
  private final ConnectionProbe probe;
  private final ExecutorService io;
  private final TaskTimeout taskTimeout;
  private volatile Boolean sftp;
  private SFTPClient shared;

  SftpChannel(
      String host,
      SSHClient client,
      Semaphore channels,
      ConnectionProbe probe,
      ExecutorService io,
      TaskTimeout taskTimeout) {
    this.host = host;
    this.client = client;
    this.channels = channels;
    this.probe = probe;
    this.io = io;
    this.taskTimeout = taskTimeout;
  }

  /** Whether file operations use SFTP (known after the first one). */
  boolean available() {
    return Boolean.TRUE.equals(sftp);
  }

  /** An SFTP operation, run on the shared channel. */
  interface Op<T> {
    T apply(SFTPClient s) throws IOException;
  }

  /** The result of {@code op}, or empty when the server has no SFTP subsystem. */
  <T> Optional<T> with(Op<T> op, String display) {
    if (Boolean.FALSE.equals(sftp)) {
      return Optional.empty();
    }
    if (!client.isConnected() || probe.gaveUp()) {
      throw new ConnectionException(host + ": connection is closed, cannot " + display);
    }
    // every wait on the host for this operation: the task's timeout
    Duration wait = taskTimeout.get();
    SFTPClient session;
    try {
      session = sharedSession(wait);
    } catch (IOException | IllegalStateException e) {
      if (ConnectionProbe.isTimeout(e)) {
        probe.requireAlive(wait, "while opening the SFTP channel for " + display, e);
      } else {
        requireConnected(display, e);
      }
      sftp = Boolean.FALSE; // no sftp subsystem, or one that does not start: the shell does it
      return Optional.empty();
    }
    sftp = Boolean.TRUE;
    // every request of the shared channel (reads, writes, renames) waits this long for its reply
    session.getSFTPEngine().setTimeoutMs(TaskTimeout.millis(wait));
    try {
      return Optional.ofNullable(op.apply(session));
    } catch (IOException e) {
      // a status reply leaves the channel usable; a broken or silent one is opened anew
      if (!(e instanceof SFTPException) || ConnectionProbe.isTimeout(e)) {
        discard(session);
      }
      if (ConnectionProbe.isTimeout(e)) {
        // sshj's message names only its own milliseconds: say what the task allowed
        probe.requireAlive(wait, "during " + display, e);
        throw new UncheckedIOException(
            new IOException(
                host
                    + ": "
                    + display
                    + " got no answer within the task timeout of "
                    + wait.toSeconds()
                    + " s",
                e));
      }
      requireConnected(display, e);
      throw new UncheckedIOException(
          new IOException(host + ": " + display + " failed: " + e.getMessage(), e));
    }
  }

  /**
   * One SFTP channel per connection, opened on first use and shared by every file operation
   * (requests are multiplexed by id), so a file task costs round trips, not channel set-ups. It
   * holds one of the host's channel permits for as long as it is open.
   */
  private synchronized SFTPClient sharedSession(Duration wait) throws IOException {
    if (shared == null) {
      try {
        channels.acquire();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ConnectionException(host + ": interrupted waiting for a channel", e);
      }
      try {
        shared = openSftp(wait);
      } catch (IOException | RuntimeException e) {
        channels.release();
        throw e;
      }
    }
    return shared;
  }

  /**
   * Opens an SFTP channel within {@code wait}: sshj waits for the server's first SFTP packet
   * without any limit, so a subsystem that never answers would hold the task for ever. A channel
   * that opens later is closed unused.
   */
  private SFTPClient openSftp(Duration wait) throws IOException {
    CompletableFuture<SFTPClient> opening =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return client.newSFTPClient();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            io);
    try {
      return opening.get(TaskTimeout.millis(wait), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      opening.thenAccept(SftpChannel::closeQuietly);
      throw new IOException("no SFTP channel within " + wait.toSeconds() + " s", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted opening the SFTP channel", e);
    }
  }

  private static void closeQuietly(SFTPClient late) {
    try {
      late.close();
    } catch (IOException ignored) {
      // the channel is going away anyway
    }
  }

  private synchronized void discard(SFTPClient session) {
    if (shared == session && shared != null) {
      shared = null;
      channels.release();
      try {
        session.close();
      } catch (IOException ignored) {
        // the channel is already broken; the next operation opens a new one
      }
    }
  }

  /** Closes the shared SFTP channel (the connection is closing). */
  synchronized void close() {
    if (shared != null) {
      discard(shared);
    }
  }

  /** A failed SFTP step is a lost connection unless the host still answers. */
  private void requireConnected(String display, Exception e) {
    probe.requireAlive("during " + display, e);
  }
}
