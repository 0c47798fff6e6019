package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Host leases on a real SQLite file and a real PostgreSQL server. */
class HostLeasesTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

  @TempDir Path dir;

  private final MutableClock clock = new MutableClock(T0);

  /** A fresh store location of the given kind (open it twice for two control nodes). */
  private String location(Dialect dialect) {
    return dialect == Dialect.SQLITE ? dir.resolve("state.db").toString() : POSTGRES.newDatabase();
  }

  private HostLeases leases(String location) {
    return new HostLeases(StateStore.open(location, clock, Map.of()), clock);
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aSecondOwnerIsRefusedAndToldWhoHoldsTheHostSinceWhen(Dialect dialect) {
    HostLeases leases = leases(location(dialect));

    LeaseAttempt first = leases.acquire("db1", "run r1", "alice@ctl1");
    clock.advance(Duration.ofSeconds(5));
    LeaseAttempt second = leases.acquire("db1", "run r2", "bob@ctl2");

    HostLease held = assertInstanceOf(LeaseAttempt.Acquired.class, first).lease();
    assertEquals(new HostLease("db1", "run r1", "alice@ctl1", T0, T0), held);
    LeaseAttempt.Refused refused = assertInstanceOf(LeaseAttempt.Refused.class, second);
    assertEquals(held, refused.holder());
    assertEquals(
        "locked by run r1 (alice@ctl1, since 2026-11-30T12:00:00Z)", refused.holder().lockedLine());
    assertEquals(Optional.of(held), leases.holder("db1"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theOwnerTakesItsOwnHostAgainAndKeepsItsStartTime(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    leases.acquire("db1", "run r1", "alice@ctl1");
    clock.advance(Duration.ofSeconds(30));

    LeaseAttempt again = leases.acquire("db1", "run r1", "alice@ctl1");

    HostLease lease = assertInstanceOf(LeaseAttempt.Acquired.class, again).lease();
    assertEquals(T0, lease.since());
    assertEquals(T0.plusSeconds(30), lease.heartbeat());
    assertEquals(Optional.empty(), ((LeaseAttempt.Acquired) again).tookOver());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void twoNodesAskingAtOnceNeverBothWin(Dialect dialect) throws Exception {
    String location = location(dialect);
    // two control nodes: two store instances, their own connections
    HostLeases nodeA = leases(location);
    HostLeases nodeB = leases(location);
    List<String> hosts = new ArrayList<>();
    for (int i = 1; i <= 25; i++) {
      hosts.add("h" + i);
    }
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<List<LeaseAttempt>> a = pool.submit(takeAll(nodeA, "run A", hosts, start));
      Future<List<LeaseAttempt>> b = pool.submit(takeAll(nodeB, "run B", hosts, start));
      List<LeaseAttempt> byA = a.get(60, TimeUnit.SECONDS);
      List<LeaseAttempt> byB = b.get(60, TimeUnit.SECONDS);

      for (int i = 0; i < hosts.size(); i++) {
        boolean aWon = byA.get(i) instanceof LeaseAttempt.Acquired;
        boolean bWon = byB.get(i) instanceof LeaseAttempt.Acquired;
        assertTrue(aWon ^ bWon, hosts.get(i) + ": A " + byA.get(i) + ", B " + byB.get(i));
        String winner = aWon ? "run A" : "run B";
        assertEquals(winner, nodeA.holder(hosts.get(i)).orElseThrow().owner());
        LeaseAttempt loser = aWon ? byB.get(i) : byA.get(i);
        assertEquals(winner, ((LeaseAttempt.Refused) loser).holder().owner());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static Callable<List<LeaseAttempt>> takeAll(
      HostLeases leases, String owner, List<String> hosts, CyclicBarrier start) {
    return () -> {
      start.await(30, TimeUnit.SECONDS);
      List<LeaseAttempt> out = new ArrayList<>();
      for (String host : hosts) {
        out.add(leases.acquire(host, owner, owner + "@node"));
      }
      return out;
    };
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aLeaseWithoutHeartbeatExpiresAndIsTakenOver(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    leases.acquire("db1", "run dead", "alice@ctl1");

    clock.advance(HostLeases.DEFAULT_EXPIRY);
    LeaseAttempt atExpiry = leases.acquire("db1", "run r2", "bob@ctl2");
    clock.advance(Duration.ofMillis(1));
    LeaseAttempt afterExpiry = leases.acquire("db1", "run r2", "bob@ctl2");

    assertInstanceOf(LeaseAttempt.Refused.class, atExpiry);
    LeaseAttempt.Acquired taken = assertInstanceOf(LeaseAttempt.Acquired.class, afterExpiry);
    assertEquals("run r2", taken.lease().owner());
    assertEquals(T0.plus(HostLeases.DEFAULT_EXPIRY).plusMillis(1), taken.lease().since());
    assertEquals("run dead", taken.tookOver().orElseThrow().owner());
    // the dead run, should it wake up, holds nothing and cannot free the host
    assertEquals(Set.of(), leases.heartbeat("run dead"));
    assertFalse(leases.release("db1", "run dead"));
    assertEquals("run r2", leases.holder("db1").orElseThrow().owner());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void heartbeatsKeepALeaseAlivePastTheExpiry(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    leases.acquire("db1", "run r1", "alice@ctl1");
    leases.acquire("db2", "run r1", "alice@ctl1");

    for (int beat = 0; beat < 4; beat++) {
      clock.advance(Duration.ofSeconds(45));
      assertEquals(Set.of("db1", "db2"), leases.heartbeat("run r1"));
    }
    clock.advance(Duration.ofSeconds(45));

    assertInstanceOf(LeaseAttempt.Refused.class, leases.acquire("db1", "run r2", "bob@ctl2"));
    assertFalse(leases.expired(leases.holder("db1").orElseThrow()));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void releasedHostsAreFreeForTheNextRun(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    for (String h : List.of("db1", "db2", "db3")) {
      leases.acquire(h, "run r1", "alice@ctl1");
    }

    assertFalse(leases.release("db1", "run other"));
    assertTrue(leases.release("db1", "run r1"));
    assertInstanceOf(LeaseAttempt.Acquired.class, leases.acquire("db1", "run r2", "bob@ctl2"));
    assertInstanceOf(LeaseAttempt.Refused.class, leases.acquire("db2", "run r2", "bob@ctl2"));
    assertEquals(2, leases.releaseAll("run r1"));
    assertInstanceOf(LeaseAttempt.Acquired.class, leases.acquire("db2", "run r2", "bob@ctl2"));
    assertEquals(List.of("db1", "db2"), leases.list().stream().map(HostLease::host).toList());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aSessionWaitsForAHostUntilItsHolderLetsGo(Dialect dialect) throws Exception {
    String location = location(dialect);
    HostLeases nodeA = leases(location);
    HostLeases nodeB = leases(location);
    LeaseSession first = new LeaseSession(nodeA, "run r1", "alice@ctl1");
    assertInstanceOf(LeaseAttempt.Acquired.class, first.acquire("db1", Duration.ZERO));
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try (LeaseSession second = new LeaseSession(nodeB, "run r2", "bob@ctl2")) {
      long t = System.nanoTime();
      assertInstanceOf(LeaseAttempt.Refused.class, second.acquire("db1", Duration.ZERO));
      assertTrue(System.nanoTime() - t < Duration.ofSeconds(2).toNanos(), "no wait at 0");
      Future<?> letGo =
          pool.submit(
              () -> {
                Thread.sleep(700);
                first.close();
                return null;
              });
      long waitStart = System.nanoTime();
      LeaseAttempt waited = second.acquire("db1", Duration.ofSeconds(20));
      long waitedMs = (System.nanoTime() - waitStart) / 1_000_000;

      assertInstanceOf(LeaseAttempt.Acquired.class, waited);
      assertTrue(waitedMs >= 600 && waitedMs < 15_000, "waited " + waitedMs + " ms");
      letGo.get(10, TimeUnit.SECONDS);
      assertTrue(second.holds("db1"));
      assertFalse(first.holds("db1"));
    } finally {
      pool.shutdownNow();
    }
    // closing the second session gave the host back
    assertEquals(Optional.empty(), nodeA.holder("db1"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aSessionGivesUpWhenTheWaitRunsOut(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    leases.acquire("db1", "run r1", "alice@ctl1");
    try (LeaseSession waiting = new LeaseSession(leases, "run r2", "bob@ctl2")) {
      long t = System.nanoTime();
      LeaseAttempt attempt = waiting.acquire("db1", Duration.ofMillis(800));
      long ms = (System.nanoTime() - t) / 1_000_000;

      assertEquals(
          "run r1", assertInstanceOf(LeaseAttempt.Refused.class, attempt).holder().owner());
      assertTrue(ms >= 750, "gave up after " + ms + " ms");
      assertFalse(waiting.holds("db1"));
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aSessionRenewsItsLeasesInTheBackgroundAndNoticesATakeover(Dialect dialect) throws Exception {
    HostLeases leases = leases(location(dialect));
    LeaseSession session = new LeaseSession(leases, "run r1", "alice@ctl1", Duration.ofMillis(50));
    session.acquire("db1", Duration.ZERO);
    session.acquire("db2", Duration.ZERO);

    clock.advance(Duration.ofSeconds(40));
    awaitHeartbeat(leases, "db1", T0.plusSeconds(40));
    assertEquals(T0.plusSeconds(40), leases.holder("db2").orElseThrow().heartbeat());

    // the store missed our beats long enough (e.g. the process stalled): another run takes db2
    session.close();
    LeaseSession stalled = new LeaseSession(leases, "run r3", "carol@ctl3", Duration.ofHours(1));
    stalled.acquire("db1", Duration.ZERO);
    stalled.acquire("db2", Duration.ZERO);
    clock.advance(Duration.ofSeconds(61));
    assertInstanceOf(LeaseAttempt.Acquired.class, leases.acquire("db2", "run r4", "dan@ctl4"));
    stalled.heartbeat();

    assertTrue(stalled.holds("db1"));
    assertFalse(stalled.holds("db2"));
    stalled.close();
    assertEquals("run r4", leases.holder("db2").orElseThrow().owner());
    assertEquals(Optional.empty(), leases.holder("db1"));
  }

  private static void awaitHeartbeat(HostLeases leases, String host, Instant expected)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!leases.holder(host).orElseThrow().heartbeat().equals(expected)) {
      assertTrue(System.nanoTime() < deadline, "no heartbeat reached the store");
      Thread.sleep(20);
    }
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void acquireAllTakesEveryHostOrNone(Dialect dialect) {
    HostLeases leases = leases(location(dialect));
    leases.acquire("db3", "run r1", "alice@ctl1");
    try (LeaseSession restart = new LeaseSession(leases, "restart i1", "sched@ctl2")) {
      Optional<HostLease> busy = restart.acquireAll(List.of("db1", "db2", "db3"));

      assertEquals("db3", busy.orElseThrow().host());
      assertEquals(List.of("db3"), leases.list().stream().map(HostLease::host).toList());
      assertFalse(restart.holds("db1"));

      leases.releaseAll("run r1");
      assertEquals(Optional.empty(), restart.acquireAll(List.of("db1", "db2", "db3")));
      assertEquals(3, leases.list().size());
    }
    assertEquals(List.of(), leases.list());
  }
}
