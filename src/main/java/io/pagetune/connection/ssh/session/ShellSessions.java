package io.pagetune.connection.ssh.session;

import io.pagetune.connection.OutputLimit;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import net.schmizz.sshj.SSHClient;

/**
 * The shell sessions of one connection: usually one, a few more while commands of the host run in
 * parallel. Each open session holds one of the host's channel permits, so sessions and exec
 * channels together stay within the channel limit; when no session is idle and none may be opened
 * the caller uses an exec channel. A host whose shell cannot be kept is asked once, then left to
 * exec channels.
 */
final class ShellSessions {
  private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(15);

  private final String host;
  private final SSHClient client;
  private final ExecutorService io;
  private final ScheduledExecutorService timer;
  private final ConnectionProbe probe;
  private final Semaphore channels;
  private final int max;
  private final Deque<ShellSession> idle = new ArrayDeque<>();
  private final OutputLimit limit;
  private int open;
  private int opened;
  private boolean unsupported;
  private boolean closed;

  ShellSessions(
      String host,
      SSHClient client,
      ExecutorService io,
      ScheduledExecutorService timer,
      ConnectionProbe probe,
      Semaphore channels,
      int max,
      OutputLimit limit) {
    this.host = host;
    this.limit = limit;
    this.client = client;
    this.io = io;
    this.timer = timer;
    this.probe = probe;
    this.channels = channels;
    this.max = max;
  }

  /**
   * An idle session, a new one, or empty when the caller should use an exec channel. A new one must
   * open within {@code timeout} (the command's) and at most {@link #OPEN_TIMEOUT}.
   */
  Optional<ShellSession> borrow(Duration timeout) {
    synchronized (this) {
      if (closed || unsupported || max < 1) {
        return Optional.empty();
      }
      ShellSession s = idle.pollFirst();
      if (s != null) {
        return Optional.of(s);
      }
      if (open >= max || !channels.tryAcquire()) {
        return Optional.empty();
      }
      open++;
    }
    ShellSession fresh = null;
    try {
      boolean capped = timeout.compareTo(OPEN_TIMEOUT) > 0;
      fresh =
          ShellSessionStart.open(
              host,
              client,
              io,
              timer,
              probe,
              capped ? OPEN_TIMEOUT : timeout,
              capped ? "shell session start limit" : ExecChannel.COMMAND_TIMEOUT,
              limit);
      return Optional.ofNullable(fresh);
    } finally {
      synchronized (this) {
        if (fresh == null) {
          open--;
          channels.release();
          // the first session decides: a host that did not keep one does not get asked again
          unsupported |= opened == 0;
        } else {
          opened++;
        }
      }
    }
  }

  /** Returns a session after a command; a broken one is closed and frees its channel. */
  void giveBack(ShellSession s) {
    boolean drop;
    synchronized (this) {
      drop = s.broken() || closed;
      if (drop) {
        open--;
        channels.release();
      } else {
        idle.addFirst(s);
      }
    }
    if (drop) {
      s.close();
    }
  }

  /** Sessions opened so far (for tests and the bench: one per host is the goal). */
  synchronized int opened() {
    return opened;
  }

  synchronized void close() {
    closed = true;
    for (ShellSession s : idle) {
      s.close();
      open--;
      channels.release();
    }
    idle.clear();
  }
}
