package io.pagetune.template;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Holds the host's thread for one evaluation no longer than the time limit, whatever the evaluation
 * does. FreeMarker checks interrupts only in loops and macro calls; its built-ins and operators
 * check nothing ({@code (1..2000000000)?map(i -> 'x')?seq_contains('y')}, the {@code ?size} of a
 * sequence doubled 40 times, {@code ?sort} of a huge range), so the evaluation runs on a worker
 * thread and the host's thread waits for it, by the limits' clock. Past the time limit, or past the
 * memory an evaluation may allocate, the worker is interrupted (most evaluations stop at their next
 * loop turn, numeric step or regex character), then stopped after a short grace, and the host's
 * evaluation fails either way. The host's own thread is never interrupted, so nothing leaks into
 * its next SSH call.
 */
final class EvaluationWatchdog {
  /** How often the host's thread looks at the clock. */
  private static final long POLL_MILLIS = 20;

  /** Polls (one second) an interrupted evaluation gets to stop by itself before it is stopped. */
  private static final int GRACE_POLLS = 50;

  private final TemplateLimits limits;
  private final ExecutorService workers;

  EvaluationWatchdog(TemplateLimits limits) {
    this.limits = limits;
    AtomicLong made = new AtomicLong();
    // pooled: a thread per evaluation would cost more than most evaluations take
    workers =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "pagetune-template-" + made.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  Duration limit() {
    return limits.timeLimit();
  }

  /** An evaluation past the time limit; {@code cause} is how it ended, if it did by itself. */
  static final class Overrun extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private Overrun(Throwable cause) {
      super("template evaluation past its time limit", cause, false, false);
    }
  }

  /**
   * Runs {@code work} on a worker thread within the limits.
   *
   * @throws Overrun past the time limit
   */
  <T> T run(Supplier<T> work) {
    EvaluationWorker<T> worker = new EvaluationWorker<>(work::get);
    Clock clock = limits.clock();
    Instant deadline = clock.instant().plus(limits.timeLimit());
    worker.start(workers);
    while (true) {
      try {
        return worker.await(POLL_MILLIS);
      } catch (TimeoutException stillRunning) {
        if (!clock.instant().isBefore(deadline)) {
          throw new Overrun(end(worker));
        }
      } catch (InterruptedException e) {
        // the host's run is being cancelled: the evaluation goes with it
        worker.interrupt();
        worker.stop();
        Thread.currentThread().interrupt();
        throw new java.util.concurrent.CancellationException("template evaluation cancelled");
      }
    }
  }

  /** Ends a worker past its time limit; returns what it threw if it stopped by itself. */
  private static Throwable end(EvaluationWorker<?> worker) {
    worker.interrupt();
    for (int i = 0; i < GRACE_POLLS; i++) {
      try {
        worker.await(POLL_MILLIS);
        return null; // it finished, but too late
      } catch (RuntimeException | Error stoppedItself) {
        return stoppedItself;
      } catch (TimeoutException stillRunning) {
        // give it the rest of its grace
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    worker.stop();
    return null;
  }
}
