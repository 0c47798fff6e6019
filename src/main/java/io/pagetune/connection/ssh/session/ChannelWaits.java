package io.pagetune.connection.ssh.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.connection.channel.direct.Session;

/**
 * The small waits and tidy-ups that exec channels and shell sessions share: a bounded wait for a
 * pump, a channel closed whatever its state, a note appended to a command's stderr.
 */
final class ChannelWaits {
  private ChannelWaits() {}

  /** Whether {@code f} completed normally within {@code grace}. */
  static boolean await(CompletableFuture<?> f, Duration grace) {
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

  /** Why {@code f}, which completed, failed. */
  static Throwable failureOf(CompletableFuture<?> f) {
    try {
      f.join();
      return new IllegalStateException("completed normally");
    } catch (CompletionException e) {
      return e.getCause();
    }
  }

  static void closeQuietly(Session.Command cmd) {
    try {
      cmd.close();
    } catch (IOException | RuntimeException ignored) {
      // the connection is going away or the channel is gone already
    }
  }

  static Duration since(long startNanos) {
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /** {@code stderr} with a line of pagetune's own after it. */
  static byte[] withNote(byte[] stderr, String line) {
    byte[] tail = line.getBytes(StandardCharsets.UTF_8);
    byte[] all = Arrays.copyOf(stderr, stderr.length + tail.length);
    System.arraycopy(tail, 0, all, stderr.length, tail.length);
    return all;
  }
}
