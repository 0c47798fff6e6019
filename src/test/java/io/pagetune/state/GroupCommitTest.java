package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Transactions of concurrent callers share one commit on one connection, and each caller still
 * returns only once its own work is committed (what the write-ahead journal relies on).
 */
class GroupCommitTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T02:00:00Z"), ZoneOffset.UTC);

  @TempDir Path dir;

  private StateStore open(String kind) {
    String location =
        kind.equals("sqlite") ? dir.resolve("state.db").toString() : POSTGRES.newDatabase();
    StateStore store = StateStore.open(location, CLOCK, Map.of());
    store.inTransaction(
        c -> {
          try (Statement s = c.createStatement()) {
            return s.executeUpdate("CREATE TABLE t (v VARCHAR(40) NOT NULL)");
          }
        });
    return store;
  }

  /** What an independent connection (another process, a later run) sees. */
  private static List<String> committedRows(StateStore store) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection c = store.dataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT v FROM t ORDER BY v")) {
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
    }
    return rows;
  }

  private static SqlWork<Integer> insert(String v) {
    return c -> {
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO t (v) VALUES (?)")) {
        ps.setString(1, v);
        return ps.executeUpdate();
      }
    };
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void queuedUnitsCommitTogetherAndAFailingOneRollsBackAlone(String kind) throws Exception {
    StateStore store = open(kind);
    int before = store.transactionsCommitted();
    CountDownLatch holding = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(21);
    try {
      // the first unit holds the writer until 20 more are queued behind it
      Future<Integer> first =
          pool.submit(
              () ->
                  store.inTransaction(
                      c -> {
                        holding.countDown();
                        await(release);
                        return insert("a-first").run(c);
                      }));
      assertTrue(holding.await(20, TimeUnit.SECONDS));
      List<Future<Integer>> rest = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        String v = String.format("b-%02d", i);
        SqlWork<Integer> work =
            i == 7
                ? c -> {
                  insert("b-07-broken").run(c);
                  throw new IllegalStateException("unit 7 fails after its insert");
                }
                : insert(v);
        rest.add(pool.submit(() -> store.inTransaction(work)));
      }
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (store.transactionsQueued() < 20 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(20, store.transactionsQueued());
      assertEquals(List.of(), committedRows(store), "nothing is visible before its commit");
      release.countDown();
      assertEquals(1, first.get(20, TimeUnit.SECONDS));
      for (int i = 0; i < 20; i++) {
        Future<Integer> f = rest.get(i);
        if (i == 7) {
          ExecutionException e = assertThrows(ExecutionException.class, () -> f.get());
          assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        } else {
          assertEquals(1, f.get(20, TimeUnit.SECONDS));
        }
      }
    } finally {
      pool.shutdownNow();
    }
    List<String> expected = new ArrayList<>(List.of("a-first"));
    for (int i = 0; i < 20; i++) {
      if (i != 7) {
        expected.add(String.format("b-%02d", i));
      }
    }
    assertEquals(expected, committedRows(store));
    assertEquals(2, store.transactionsCommitted() - before, "one commit for the 20 queued units");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aCallReturnsOnlyOnceItsRowIsCommitted(String kind) throws Exception {
    StateStore store = open(kind);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<List<String>>> seen = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        String v = String.format("r-%02d", i);
        seen.add(
            pool.submit(
                () -> {
                  store.inTransaction(insert(v));
                  return committedRows(store);
                }));
      }
      for (int i = 0; i < 40; i++) {
        String v = String.format("r-%02d", i);
        assertTrue(seen.get(i).get(30, TimeUnit.SECONDS).contains(v), v);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(40, committedRows(store).size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres"})
  void aUnitThatOpensATransactionItselfJoinsTheOneItRunsIn(String kind) throws Exception {
    StateStore store = open(kind);
    store.inTransaction(c -> insert("outer").run(c) + store.inTransaction(insert("inner")));
    assertEquals(List.of("inner", "outer"), committedRows(store));
    // an SQL error reaches the caller as the store's error, and the writer goes on
    StateException e = assertThrows(StateException.class, () -> store.inTransaction(insert(null)));
    assertTrue(e.getMessage().startsWith("state store "), e.getMessage());
    store.inTransaction(insert("after"));
    assertEquals(List.of("after", "inner", "outer"), committedRows(store));
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
