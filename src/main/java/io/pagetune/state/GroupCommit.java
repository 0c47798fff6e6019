package io.pagetune.state;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * Runs the store's transactions, from however many threads, on one writer thread with one kept
 * connection. Units that queue up while a transaction commits go into the next one together, each
 * in a savepoint of its own, so a failing unit rolls back alone and the others still commit. A
 * caller returns only once its unit is committed, so the journal's write-ahead rule (the row is
 * stored before the file reaches the host) holds exactly as with a transaction per call; what is
 * saved is a connection, a wait for the write lock and a commit per unit. The writer thread ends
 * (and closes its connection) after a short idle time and starts again on demand.
 */
final class GroupCommit {
  private static final int MAX_BATCH = 64;
  private static final long IDLE_MS = 2_000;

  private final DataSource dataSource;
  private final String name;
  private final LinkedBlockingQueue<Unit<?>> queue = new LinkedBlockingQueue<>();
  private Thread writer; // guarded by this
  private volatile Connection current; // the writer's connection while a batch runs
  private volatile int batches;
  private volatile int units;

  GroupCommit(DataSource dataSource, String name) {
    this.dataSource = dataSource;
    this.name = name;
  }

  private static final class Unit<T> {
    final SqlWork<T> work;
    final CompletableFuture<T> done = new CompletableFuture<>();

    Unit(SqlWork<T> work) {
      this.work = work;
    }

    void runIn(Connection c) throws SQLException {
      done.complete(work.run(c));
    }
  }

  /** Runs {@code work} in a committed transaction; its exceptions reach the caller unchanged. */
  <T> T run(SqlWork<T> work) throws SQLException {
    if (Thread.currentThread() == writerThread()) {
      // a unit that itself asks for a transaction: it is already inside one
      return work.run(current);
    }
    Unit<T> unit = new Unit<>(work);
    queue.add(unit);
    ensureWriter();
    try {
      return unit.done.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql) {
        throw sql;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new StateException("state store " + name + ": " + cause, cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StateException("interrupted while waiting for state store " + name, e);
    }
  }

  /** Transactions committed and units run so far (for tests). */
  int batches() {
    return batches;
  }

  int units() {
    return units;
  }

  /** Units waiting for the writer (for tests). */
  int queued() {
    return queue.size();
  }

  private synchronized Thread writerThread() {
    return writer;
  }

  private synchronized void ensureWriter() {
    if (writer == null) {
      writer = new Thread(this::loop, "pagetune-state-writer");
      writer.setDaemon(true);
      writer.start();
    }
  }

  private void loop() {
    Connection c = null;
    try {
      while (true) {
        Unit<?> first;
        try {
          first = queue.poll(IDLE_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
          first = null;
        }
        if (first == null) {
          synchronized (this) {
            if (queue.isEmpty()) {
              writer = null;
              return;
            }
          }
          continue;
        }
        List<Unit<?>> batch = new ArrayList<>();
        batch.add(first);
        queue.drainTo(batch, MAX_BATCH - 1);
        try {
          if (c == null || c.isClosed()) {
            c = dataSource.getConnection();
          }
          runBatch(c, batch);
        } catch (SQLException | RuntimeException | Error e) {
          // the transaction itself failed: no unit of it was committed
          for (Unit<?> u : batch) {
            u.done.completeExceptionally(e);
          }
          closeQuietly(c);
          c = null;
        }
      }
    } finally {
      closeQuietly(c);
    }
  }

  private void runBatch(Connection c, List<Unit<?>> batch) throws SQLException {
    List<Unit<?>> staged = new ArrayList<>(batch.size());
    // results are handed out only after the commit: nobody returns on an uncommitted row
    List<CompletableFuture<?>> results = new ArrayList<>(batch.size());
    c.setAutoCommit(false);
    current = c;
    try {
      for (Unit<?> u : batch) {
        Unit<?> shadow = shadowOf(u);
        Savepoint sp = batch.size() == 1 ? null : c.setSavepoint();
        try {
          shadow.runIn(c);
          if (sp != null) {
            c.releaseSavepoint(sp);
          }
          staged.add(u);
          results.add(shadow.done);
        } catch (SQLException | RuntimeException e) {
          if (sp != null) {
            c.rollback(sp);
          } else {
            c.rollback();
          }
          u.done.completeExceptionally(e);
        }
      }
      c.commit();
    } catch (SQLException | RuntimeException | Error e) {
      try {
        c.rollback();
      } catch (SQLException ignored) {
        // the connection is dropped by the caller
      }
      throw e;
    } finally {
      current = null;
      try {
        c.setAutoCommit(true);
      } catch (SQLException ignored) {
        // a broken connection; the next batch opens another
      }
    }
    // counted before anyone is released, so a caller that returned sees its commit counted
    batches++;
    units += batch.size();
    for (int i = 0; i < staged.size(); i++) {
      complete(staged.get(i), results.get(i));
    }
  }

  /** A unit of the same work whose result is kept until the commit. */
  private static <T> Unit<T> shadowOf(Unit<T> u) {
    return new Unit<>(u.work);
  }

  @SuppressWarnings("unchecked")
  private static <T> void complete(Unit<T> u, CompletableFuture<?> result) {
    u.done.complete((T) result.join());
  }

  private static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException ignored) {
      // nothing is pending on it
    }
  }
}
