package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The write-ahead journal on SQLite and PostgreSQL: intended rows are invisible to history and
 * rollback until confirmed, a dead run's rows are found for reconciliation (its process gone on
 * this node, or silent for too long on another), and replaced contents are kept once, compressed.
 */
class WriteAheadJournalTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();
  private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
  private static final String NODE = "control-1";

  @TempDir Path dir;

  private StateStore open(String db, Clock clock) {
    return db.equals("sqlite")
        ? StateStore.open(dir.resolve("state.db").toString(), clock)
        : StateStore.open(POSTGRES.newDatabase(), clock, Map.of());
  }

  private static IntendedChange change(String run, String path, String before, String after) {
    byte[] old = before == null ? null : before.getBytes(StandardCharsets.UTF_8);
    return new IntendedChange(
        run,
        "db1",
        "sysctl",
        path,
        Optional.ofNullable(old).map(Sha256::hex),
        Optional.ofNullable(after).map(a -> Sha256.hex(a.getBytes(StandardCharsets.UTF_8))),
        Optional.ofNullable(old),
        Optional.of(0640),
        Optional.of("root"),
        Optional.of("oinstall"),
        Optional.empty(),
        Optional.of("root"),
        "WEB_SERVER db1 web1 config+changed\n",
        T0,
        EffectiveState.PENDING);
  }

  /** A process that has ended, so its pid names no live pagetune. */
  private static RunOwner deadOwner() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return new RunOwner(NODE, p.pid(), p.info().startInstant());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sqlite", "postgresql"})
  void anIntendedChangeIsInvisibleUntilConfirmed(String db) {
    StateStore store = open(db, Clock.fixed(T0, ZoneOffset.UTC));
    Journal journal = store.journal();
    journal.runs().start("r1", "site.yml", "alice", false, RunOwner.current());

    long id = journal.writes().intend(change("r1", "/etc/sysctl.d/97.conf", "old\n", "new\n"));

    assertEquals(List.of(), journal.history().ofRun("r1"));
    assertEquals(List.of(), journal.history().pendingRestart("db1"));
    assertEquals(
        List.of(), journal.unconfirmed().orphaned("db1", RunOwner.current().node()), "r1 is alive");
    assertTrue(journal.writes().confirm(id));
    assertFalse(journal.writes().confirm(id), "confirmed once");
    JournalChange c = journal.history().ofRun("r1").get(0);
    assertEquals(WriteState.APPLIED, c.writeState());
    assertEquals(Optional.of(0640), c.beforeMode());
    assertEquals(Optional.of("oinstall"), c.beforeGroup());
    assertEquals(Optional.of("root"), c.becomeUser());
    assertEquals("WEB_SERVER db1 web1 config+changed\n", c.restarts());
    assertEquals(1, journal.history().pendingRestart("db1").size());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aDeadRunsChangesAreOrphanedAndTheRunIsInterrupted(String db) throws Exception {
    StateStore store = open(db, Clock.fixed(T0, ZoneOffset.UTC));
    Journal journal = store.journal();
    journal.runs().start("dead", "site.yml", "alice", false, deadOwner());
    journal.runs().start("alive", "site.yml", "bob", false, RunOwner.current());
    long applied = journal.writes().intend(change("dead", "/a", null, "a\n"));
    long notApplied = journal.writes().intend(change("dead", "/b", "b\n", "b2\n"));
    long other = journal.writes().intend(change("alive", "/c", null, "c\n"));

    List<JournalChange> orphans = journal.unconfirmed().orphaned("db1", NODE);
    assertEquals(
        List.of(applied, notApplied), orphans.stream().map(JournalChange::sequence).toList());
    assertEquals(List.of("dead"), journal.runs().markDeadInterrupted(NODE));
    assertEquals(Optional.of("interrupted"), journal.runs().find("dead").orElseThrow().status());
    assertTrue(journal.runs().find("alive").orElseThrow().finishedAt().isEmpty());

    assertTrue(journal.writes().confirm(applied));
    assertTrue(journal.unconfirmed().drop(notApplied));
    assertEquals(
        List.of("/a"), journal.history().ofRun("dead").stream().map(JournalChange::path).toList());
    assertEquals(
        List.of(),
        journal.unconfirmed().orphaned("db1", NODE),
        "settled; the live run's row is not orphaned");
    assertTrue(journal.writes().confirm(other));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aRunOfAnotherNodeIsDeadOnlyOnceItWasSilentForAnHour(String db) {
    StateStore store = open(db, Clock.fixed(T0, ZoneOffset.UTC));
    store
        .journal()
        .runs()
        .start("far", "site.yml", "carol", false, new RunOwner("control-2", 1, Optional.empty()));
    store.journal().writes().intend(change("far", "/a", null, "a\n"));

    Journal soon =
        store.withClock(Clock.fixed(T0.plus(Duration.ofMinutes(59)), ZoneOffset.UTC)).journal();
    assertEquals(List.of(), soon.unconfirmed().orphaned("db1", NODE));
    assertEquals(List.of(), soon.runs().markDeadInterrupted(NODE));

    Journal later =
        store.withClock(Clock.fixed(T0.plus(Duration.ofMinutes(61)), ZoneOffset.UTC)).journal();
    assertEquals(1, later.unconfirmed().orphaned("db1", NODE).size());
    assertEquals(List.of("far"), later.runs().markDeadInterrupted(NODE));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sqlite", "postgresql"})
  void replacedContentsAreKeptOnceCompressedAndCheckedOnRead(String db) throws Exception {
    StateStore store = open(db, Clock.fixed(T0, ZoneOffset.UTC));
    Journal journal = store.journal();
    journal.runs().start("r1", "site.yml", "alice", false, RunOwner.current());
    String big = "SETENV_00 = PATH=/usr/bin\n".repeat(4000);
    journal.writes().intend(change("r1", "/p1", big, "x\n"));
    journal.writes().intend(change("r1", "/p2", big, "y\n"));

    byte[] kept =
        journal.backups().find(Sha256.hex(big.getBytes(StandardCharsets.UTF_8))).orElseThrow();
    assertArrayEquals(big.getBytes(StandardCharsets.UTF_8), kept);
    assertEquals(Optional.empty(), journal.backups().find(Sha256.hex(new byte[] {1})));
    long[] rowsAndBytes =
        store.inTransaction(
            c -> {
              try (var ps =
                      c.prepareStatement(
                          "SELECT count(*), sum(length(content_gz)) FROM file_backups");
                  var rs = ps.executeQuery()) {
                rs.next();
                return new long[] {rs.getLong(1), rs.getLong(2)};
              }
            });
    assertEquals(1, rowsAndBytes[0], "one copy of the same content");
    assertTrue(rowsAndBytes[1] < big.length() / 20, "compressed: " + rowsAndBytes[1]);
  }
}
