package io.pagetune.connection.ssh;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import net.schmizz.concurrent.Promise;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.common.DisconnectReason;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.transport.TransportException;

/**
 * Sends the {@code keepalive@openssh.com} requests of every connection of a factory from one
 * thread. sshj's own keepalive is a thread per connection, a few hundred kilobytes of stack and
 * bookkeeping each, which at a fleet of hundreds of hosts is a large share of the run's memory. The
 * rule is the same: a connection whose server left {@code maxUnanswered} requests without any
 * answer (a {@code REQUEST_FAILURE} is an answer) is cut as lost.
 */
final class SharedKeepAlive {
  private final ScheduledExecutorService timer;

  /** {@code timer}: the factory's one timer thread (see {@link SshTimer}). */
  SharedKeepAlive(ScheduledExecutorService timer) {
    this.timer = timer;
  }

  /** Starts keepalives for a connected client; they stop when it disconnects. */
  void watch(String host, SSHClient client, Duration interval, int maxUnanswered) {
    long every = Math.max(1, interval.toMillis());
    Deque<Promise<SSHPacket, net.schmizz.sshj.connection.ConnectionException>> pending =
        new ArrayDeque<>();
    AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
    Runnable tick =
        () -> {
          if (!client.isConnected() || !client.getTransport().isRunning()) {
            cancel(task);
            return;
          }
          pending.removeIf(Promise::isFulfilled);
          if (pending.size() >= maxUnanswered) {
            cancel(task);
            client
                .getTransport()
                .die(
                    new TransportException(
                        DisconnectReason.CONNECTION_LOST,
                        host
                            + ": no answer to "
                            + maxUnanswered
                            + " keepalive requests, "
                            + every / 1000
                            + " s apart"));
            return;
          }
          try {
            pending.add(
                client
                    .getConnection()
                    .sendGlobalRequest("keepalive@openssh.com", true, new byte[0]));
          } catch (TransportException e) {
            cancel(task); // the transport is going down: its own error reaches the callers
          }
        };
    task.set(timer.scheduleWithFixedDelay(tick, every, every, TimeUnit.MILLISECONDS));
    // the task holds the client: it leaves the timer when the connection closes, not at its next
    // tick, which would keep a closed client's buffers and ciphers live for a whole interval
    OnDisconnect.also(client, () -> cancel(task));
  }

  private static void cancel(AtomicReference<ScheduledFuture<?>> task) {
    ScheduledFuture<?> f = task.get();
    if (f != null) {
      f.cancel(false);
    }
  }
}
