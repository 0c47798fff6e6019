package io.pagetune.template;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One evaluation running on a worker thread, so the host's thread can stop waiting for it whatever
 * FreeMarker is doing. An interrupt or a stop is sent only while this evaluation still runs on that
 * thread, and the evaluation clears its interrupt as it ends under the same lock, so neither can
 * reach the next evaluation the pooled thread runs.
 */
final class EvaluationWorker<T> {
  private final FutureTask<T> task;
  private Thread thread;
  private boolean done;

  EvaluationWorker(Callable<T> work) {
    task = new FutureTask<>(() -> runOnce(work));
  }

  void start(Executor workers) {
    workers.execute(task);
  }

  private T runOnce(Callable<T> work) throws Exception {
    synchronized (this) {
      thread = Thread.currentThread();
    }
    try {
      return work.call();
    } finally {
      synchronized (this) {
        done = true;
        Thread.interrupted(); // an interrupt sent at the limit ends with the evaluation
      }
    }
  }

  /**
   * Waits at most {@code millis} for the result.
   *
   * @throws TimeoutException when the evaluation is still running
   */
  T await(long millis) throws TimeoutException, InterruptedException {
    try {
      return task.get(millis, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** Asks the evaluation to stop at its next check (FreeMarker's loops, numeric steps, regex). */
  synchronized void interrupt() {
    if (thread == null) {
      task.cancel(false); // not started yet: it never will
    } else if (!done) {
      thread.interrupt();
    }
  }

  /**
   * Ends an evaluation that ignored its interrupt: it runs only FreeMarker code on objects of its
   * own, which nothing else will look at again (the pool replaces a thread that dies of it). Java
   * 20 and later no longer stop threads; there it is left to run as a daemon.
   */
  @SuppressWarnings("deprecation")
  synchronized void stop() {
    if (done || thread == null) {
      return;
    }
    try {
      thread.stop();
    } catch (UnsupportedOperationException laterJava) {
      // nothing left to do: the host's thread has stopped waiting for it anyway
    }
  }
}
