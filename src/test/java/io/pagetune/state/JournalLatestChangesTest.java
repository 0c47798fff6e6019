package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code status} reads the newest change of each file on a host, on SQLite and PostgreSQL. */
class JournalLatestChangesTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Instant T0 = Instant.parse("2026-03-01T02:00:00Z");
  private static final String SHA_A = "a".repeat(64);
  private static final String SHA_B = "b".repeat(64);
  private static final String SHA_C = "c".repeat(64);

  @TempDir Path dir;

  private StateStore open(Dialect dialect) {
    Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
    return dialect == Dialect.SQLITE
        ? StateStore.open(dir.resolve("state.db").toString(), clock)
        : StateStore.open(POSTGRES.newDatabase(), clock, Map.of());
  }

  @ParameterizedTest
  @EnumSource(Dialect.class)
  void theNewestChangeOfEachFileNewestFirst(Dialect dialect) {
    Journal journal = open(dialect).journal();
    journal.runs().start("run-1", "p.yml", "alice", false);
    journal.runs().start("run-2", "p.yml", "alice", false);
    journal
        .writes()
        .recordApplied("run-1", "web1", "mpss", "/opt/ws/bin/startserv", SHA_A, SHA_B, "/b1", T0);
    journal
        .writes()
        .recordApplied("run-1", "web1", "sysctl", "/etc/sysctl.d/97.conf", null, SHA_A, null, T0);
    journal
        .writes()
        .recordApplied("run-1", "web2", "mpss", "/opt/ws/bin/startserv", SHA_A, SHA_B, "/b2", T0);
    journal
        .writes()
        .recordApplied("run-2", "web1", "mpss", "/opt/ws/bin/startserv", SHA_B, SHA_C, "/b3", T0);

    List<JournalChange> web1 = journal.history().latest("web1");
    assertEquals(
        List.of("/opt/ws/bin/startserv", "/etc/sysctl.d/97.conf"),
        web1.stream().map(JournalChange::path).toList());
    assertEquals("run-2", web1.get(0).runId());
    assertEquals(SHA_C, web1.get(0).afterSha256().orElseThrow());
    assertEquals(
        List.of("run-1"),
        journal.history().latest("web2").stream().map(JournalChange::runId).toList());
    assertEquals(List.of(), journal.history().latest("nobody"));
  }
}
