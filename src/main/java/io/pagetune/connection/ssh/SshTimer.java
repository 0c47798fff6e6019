package io.pagetune.connection.ssh;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one timer thread of a connection factory: keepalive requests and command deadlines of every
 * host, instead of a thread per connection or per command waiting for its time.
 */
final class SshTimer {
  private SshTimer() {}

  static ScheduledExecutorService create() {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "pagetune-ssh-timer");
              t.setDaemon(true);
              return t;
            });
    // the thread ends when nothing is left to time, so a factory needs no closing
    timer.setKeepAliveTime(10, TimeUnit.SECONDS);
    timer.allowCoreThreadTimeOut(true);
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }
}
