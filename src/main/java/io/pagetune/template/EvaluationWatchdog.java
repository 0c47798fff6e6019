package io.pagetune.template;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Interrupts a template evaluation that runs past its time limit. FreeMarker checks the thread's
 * interrupt flag in every loop and macro call of a template compiled with interruption checks, so
 * the evaluation stops there. The interrupt is sent only while the evaluation is still running and
 * is cleared again when it ends, so it never leaks into the host's next SSH call.
 */
final class EvaluationWatchdog {
  private final Duration limit;
  private final ScheduledThreadPoolExecutor timer;

  EvaluationWatchdog(Duration limit) {
    this.limit = limit;
    timer =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "pagetune-template-watchdog");
              t.setDaemon(true);
              return t;
            });
    timer.setRemoveOnCancelPolicy(true);
    // no thread lingers when nothing is being evaluated
    timer.setKeepAliveTime(2, TimeUnit.SECONDS);
    timer.allowCoreThreadTimeOut(true);
  }

  Duration limit() {
    return limit;
  }

  /** Starts the clock for an evaluation on the calling thread. */
  Deadline start() {
    Deadline d = new Deadline(Thread.currentThread());
    d.arm(timer.schedule(d::fire, limit.toNanos(), TimeUnit.NANOSECONDS));
    return d;
  }

  /** One evaluation's deadline. */
  static final class Deadline {
    private final Thread thread;
    private ScheduledFuture<?> future;
    private boolean finished;
    private boolean fired;

    private Deadline(Thread thread) {
      this.thread = thread;
    }

    private synchronized void arm(ScheduledFuture<?> f) {
      if (finished) {
        f.cancel(false);
      } else {
        future = f;
      }
    }

    private synchronized void fire() {
      if (!finished) {
        fired = true;
        thread.interrupt();
      }
    }

    /**
     * Ends the evaluation (called on the evaluating thread; repeated calls are harmless).
     *
     * @return true when the time ran out
     */
    synchronized boolean finish() {
      if (!finished) {
        finished = true;
        if (future != null) {
          future.cancel(false);
        }
        if (fired) {
          Thread.interrupted(); // our own interrupt: the caller's thread goes on clean
        }
      }
      return fired;
    }
  }
}
