package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JournalTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant T0 = Instant.parse("2026-03-01T02:00:00Z");
  private static final String SHA_A = "a".repeat(64);
  private static final String SHA_B = "b".repeat(64);
  private static final String SHA_C = "c".repeat(64);

  @TempDir Path dir;

  private StateStore open(Dialect dialect, Instant now) {
    Clock clock = Clock.fixed(now, ZoneOffset.UTC);
    return dialect == Dialect.SQLITE
        ? StateStore.open(dir.resolve("state.db").toString(), clock)
        : StateStore.open(POSTGRES.newDatabase(), clock, Map.of());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void runsAreListedNewestFirstWithHowTheyEnded(Dialect dialect) {
    StateStore store = open(dialect, T0);
    Journal journal = store.journal();
    journal.runs().start("run-1", "site.yml", "alice", false);
    assertTrue(journal.runs().finish("run-1", "ok"));
    assertFalse(journal.runs().finish("no-such-run", "ok"));

    List<RunRecord> runs = journal.runs().list();
    assertEquals(1, runs.size());
    RunRecord run = runs.get(0);
    assertEquals("site.yml", run.playbook());
    assertEquals("alice", run.startedBy());
    assertFalse(run.checkMode());
    assertEquals(T0, run.startedAt());
    assertEquals(Optional.of(T0), run.finishedAt());
    assertEquals(Optional.of("ok"), run.status());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void listRunsOrdersByStartTime(Dialect dialect) {
    StateStore first = open(dialect, T0);
    first.journal().runs().start("old", "a.yml", "alice", true);
    first
        .withClock(Clock.fixed(T0.plusSeconds(3600), ZoneOffset.UTC))
        .journal()
        .runs()
        .start("new", "b.yml", "bob", false);

    assertEquals(
        List.of("new", "old"),
        first.journal().runs().list().stream().map(RunRecord::runId).toList());
    assertEquals(
        List.of("new"), first.journal().runs().list(1).stream().map(RunRecord::runId).toList());
    assertEquals(Optional.empty(), first.journal().runs().find("missing"));
    assertTrue(first.journal().runs().find("old").orElseThrow().finishedAt().isEmpty());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void changesKeepChecksumsBackupsAndOrder(Dialect dialect) {
    Journal journal = open(dialect, T0).journal();
    journal.runs().start("run-1", "oracle-hugepages.yml", "alice", false);
    long first =
        journal
            .writes()
            .recordApplied(
                "run-1",
                "db1",
                "size hugepages",
                "/etc/sysctl.d/99-hugepages.conf",
                SHA_A,
                SHA_B,
                "/etc/sysctl.d/99-hugepages.conf.2026-03-01@02:00:00~",
                T0,
                EffectiveState.PENDING);
    long second =
        journal
            .writes()
            .recordApplied(
                "run-1",
                "db1",
                "memlock",
                "/etc/security/limits.d/99-oracle.conf",
                null,
                SHA_C,
                null,
                T0.plusSeconds(1));

    assertTrue(second > first);
    List<JournalChange> changes = journal.history().ofRun("run-1");
    assertEquals(2, changes.size());
    JournalChange sysctl = changes.get(0);
    assertEquals(first, sysctl.sequence());
    assertEquals(Optional.of(SHA_A), sysctl.beforeSha256());
    assertEquals(Optional.of(SHA_B), sysctl.afterSha256());
    assertEquals(
        Optional.of("/etc/sysctl.d/99-hugepages.conf.2026-03-01@02:00:00~"), sysctl.backupPath());
    assertEquals(EffectiveState.PENDING, sysctl.effectiveState());
    assertEquals(Optional.empty(), sysctl.effectiveAt());
    JournalChange limits = changes.get(1);
    assertEquals(Optional.empty(), limits.beforeSha256());
    assertEquals(Optional.empty(), limits.backupPath());
    assertEquals(EffectiveState.EFFECTIVE, limits.effectiveState());
    assertEquals(Optional.of(T0.plusSeconds(1)), limits.effectiveAt());
    assertEquals(List.of(), journal.history().ofRun("other-run"));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void laterChangesOfTheSameFileAreFoundForRollback(Dialect dialect) {
    Journal journal = open(dialect, T0).journal();
    journal.runs().start("run-1", "p.yml", "alice", false);
    journal.runs().start("run-2", "p.yml", "alice", false);
    journal
        .writes()
        .recordApplied("run-1", "web1", "mpss", "/opt/ws/bin/startserv", SHA_A, SHA_B, "/b1", T0);
    journal
        .writes()
        .recordApplied("run-1", "web2", "mpss", "/opt/ws/bin/startserv", SHA_A, SHA_B, "/b2", T0);
    journal
        .writes()
        .recordApplied("run-2", "web1", "mpss", "/opt/ws/bin/startserv", SHA_B, SHA_C, "/b3", T0);

    JournalChange web1 = journal.history().ofRun("run-1").get(0);
    JournalChange web2 = journal.history().ofRun("run-1").get(1);
    assertEquals(
        List.of("run-2"),
        journal.history().laterOnSameFile(web1).stream().map(JournalChange::runId).toList());
    assertEquals(List.of(), journal.history().laterOnSameFile(web2));
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void aVerifiedRestartSettlesThePendingChangesOfItsHostMadeBeforeIt(Dialect dialect) {
    Journal journal = open(dialect, T0).journal();
    journal.runs().start("run-1", "p.yml", "alice", false);
    journal.runs().start("run-2", "p.yml", "alice", false);
    journal
        .writes()
        .recordApplied("run-1", "sap1", "t", "/p1", SHA_A, SHA_B, null, T0, EffectiveState.PENDING);
    journal
        .writes()
        .recordApplied(
            "run-2",
            "sap1",
            "t",
            "/p2",
            SHA_A,
            SHA_B,
            null,
            T0.plusSeconds(10),
            EffectiveState.PENDING);
    journal
        .writes()
        .recordApplied(
            "run-2",
            "sap1",
            "t",
            "/p3",
            SHA_A,
            SHA_B,
            null,
            T0.plusSeconds(99),
            EffectiveState.PENDING);
    journal
        .writes()
        .recordApplied("run-1", "sap2", "t", "/p1", SHA_A, SHA_B, null, T0, EffectiveState.PENDING);

    int settled =
        journal
            .writes()
            .recordRestartVerified(
                "sap1", T0.plusSeconds(30), EffectiveState.EFFECTIVE, "disp+work 64K pages");

    assertEquals(2, settled);
    assertEquals(
        List.of("/p3"),
        journal.history().pendingRestart("sap1").stream().map(JournalChange::path).toList());
    assertEquals(1, journal.history().pendingRestart("sap2").size());
    JournalChange p2 = journal.history().ofRun("run-2").get(0);
    assertEquals(EffectiveState.EFFECTIVE, p2.effectiveState());
    assertEquals(Optional.of("disp+work 64K pages"), p2.effectiveDetail());
    assertThrows(
        IllegalArgumentException.class,
        () -> journal.writes().recordRestartVerified("sap1", T0, EffectiveState.PENDING, "x"));
  }
}
