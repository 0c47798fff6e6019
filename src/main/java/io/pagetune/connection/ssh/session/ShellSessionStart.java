package io.pagetune.connection.ssh.session;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.OutputLimit;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.Session;

/**
 * Starts a {@link ShellSession}: the channel's {@code exec /bin/sh} within a bounded wait (a
 * channel that opens later is closed unused), then the shell's set-up and a check that it frames a
 * command.
 */
final class ShellSessionStart {
  private ShellSessionStart() {}

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
      starting.thenAccept(ChannelWaits::closeQuietly);
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
    return session.setUp(within, withinName) ? session : null;
  }
}
