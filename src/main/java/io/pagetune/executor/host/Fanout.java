package io.pagetune.executor.host;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** Runs work for many hosts at once, at most {@code forks} at a time. */
public final class Fanout implements AutoCloseable {
  private final ExecutorService pool;

  public Fanout(int forks) {
    this.pool =
        Executors.newFixedThreadPool(
            forks,
            r -> {
              Thread t = new Thread(r, "pagetune-host");
              t.setDaemon(true);
              return t;
            });
  }

  /** Calls {@code work} for every host and waits for all; one host runs inline on this thread. */
  public void forEach(List<HostRun> hosts, Consumer<HostRun> work) {
    if (hosts.size() == 1) {
      work.accept(hosts.get(0));
      return;
    }
    List<Future<?>> futures = new ArrayList<>();
    for (HostRun h : hosts) {
      futures.add(pool.submit(() -> work.accept(h)));
    }
    RuntimeException first = null;
    for (Future<?> f : futures) {
      try {
        f.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      } catch (ExecutionException e) {
        Throwable cause = e.getCause();
        if (first == null) {
          first = cause instanceof RuntimeException re ? re : new IllegalStateException(cause);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
