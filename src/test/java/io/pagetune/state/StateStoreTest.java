package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class StateStoreTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T02:00:00Z"), ZoneOffset.UTC);
  private static final List<String> TABLES =
      List.of(
          "runs",
          "journal_changes",
          "restart_groups",
          "restart_intents",
          "scheduled_tasks",
          "file_backups",
          "host_leases",
          "host_facts",
          "host_page_states");

  @TempDir Path dir;

  @Test
  void sqliteFileIsCreatedWithParentsMigratedAndInWalMode() throws SQLException {
    Path file = dir.resolve("nested/deeper/state.db");
    StateStore store = StateStore.open(file.toString(), CLOCK);

    assertTrue(Files.exists(file));
    assertEquals(Dialect.SQLITE, store.dialect());
    assertEquals(file.toAbsolutePath().toString(), store.describe());
    assertEquals("wal", single(store, "PRAGMA journal_mode").toLowerCase());
    assertEquals("30000", single(store, "PRAGMA busy_timeout"));
    assertTrue(tables(store).containsAll(TABLES), () -> tables(store).toString());
    assertEquals("7", single(store, "SELECT max(version) FROM flyway_schema_history"));
  }

  @Test
  void reopeningAnSqliteStoreKeepsItsDataAndDoesNotMigrateTwice() throws SQLException {
    String file = dir.resolve("state.db").toString();
    StateStore first = StateStore.open(file, CLOCK);
    first.journal().runs().start("r1", "site.yml", "alice", false);
    String applied = single(first, "SELECT count(*) FROM flyway_schema_history WHERE success");

    StateStore again = StateStore.open(file, CLOCK);

    assertEquals("r1", again.journal().runs().list().get(0).runId());
    assertEquals(
        applied, single(again, "SELECT count(*) FROM flyway_schema_history WHERE success"));
    assertEquals(
        "0", single(again, "SELECT count(*) - count(DISTINCT version) FROM flyway_schema_history"));
  }

  @Test
  void postgresUrlMigratesTheSameTables() throws SQLException {
    StateStore store = StateStore.open(POSTGRES.newDatabase(), CLOCK, Map.of());

    assertEquals(Dialect.POSTGRESQL, store.dialect());
    assertTrue(tables(store).containsAll(TABLES), () -> tables(store).toString());
    assertEquals("7", single(store, "SELECT max(version) FROM flyway_schema_history"));
    // db-scheduler's column types for PostgreSQL
    assertEquals(
        "timestamp with time zone",
        single(
            store,
            "SELECT data_type FROM information_schema.columns"
                + " WHERE table_name = 'scheduled_tasks' AND column_name = 'execution_time'"));
  }

  @Test
  void postgresCredentialsComeFromTheEnvironmentAndNeverShowInMessages() {
    String url = POSTGRES.newDatabase();
    String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    POSTGRES.execute("CREATE ROLE pagetune_node LOGIN PASSWORD 's3cret-pw'");
    POSTGRES.execute("GRANT ALL ON DATABASE " + db + " TO pagetune_node");
    POSTGRES.execute("ALTER DATABASE " + db + " OWNER TO pagetune_node");
    String bare = "jdbc:postgresql://localhost:" + POSTGRES.port() + "/" + db;

    StateStore store =
        StateStore.open(
            bare,
            CLOCK,
            Map.of(StateStore.USER_ENV, "pagetune_node", StateStore.PASSWORD_ENV, "s3cret-pw"));
    store.journal().runs().start("r1", "site.yml", "bob", true);
    assertEquals(bare, store.describe());

    String withSecret = bare + "?user=pagetune_node&password=s3cret-pw";
    StateStore viaUrl = StateStore.open(withSecret, CLOCK, Map.of());
    assertEquals(bare, viaUrl.describe());
    assertFalse(viaUrl.toString().contains("s3cret"));
    assertTrue(viaUrl.journal().runs().find("r1").orElseThrow().checkMode());
  }

  @Test
  void postgresRefusalNamesTheUrlWithoutThePassword() {
    String url = POSTGRES.newDatabase();
    String bare = url.substring(0, url.indexOf('?'));
    StateException e =
        assertThrows(
            StateException.class,
            () -> StateStore.open(bare + "?user=nobody_here&password=hunter22", CLOCK, Map.of()));
    assertTrue(e.getMessage().contains(bare), e.getMessage());
    assertFalse(e.getMessage().contains("hunter22"), e.getMessage());
  }

  @Test
  void secretsAreStrippedFromDisplayedUrls() {
    assertEquals(
        "jdbc:postgresql://db.example:5432/pagetune",
        StateStore.withoutSecrets("jdbc:postgresql://db.example:5432/pagetune?password=x&user=y"));
    assertEquals(
        "jdbc:postgresql://db.example/pagetune",
        StateStore.withoutSecrets("jdbc:postgresql://u:p@db.example/pagetune"));
  }

  @Test
  void tildeMeansTheHomeDirectory() {
    assertEquals(
        Path.of(System.getProperty("user.home"), ".pagetune", "state.db"),
        StateStore.expandHome("~/.pagetune/state.db"));
    assertEquals(Path.of("rel/state.db"), StateStore.expandHome("rel/state.db"));
  }

  static String single(StateStore store, String sql) throws SQLException {
    try (Connection c = store.dataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), sql);
      return rs.getString(1);
    }
  }

  private static List<String> tables(StateStore store) {
    try (Connection c = store.dataSource().getConnection();
        ResultSet rs = c.getMetaData().getTables(null, null, "%", new String[] {"TABLE"})) {
      List<String> names = new ArrayList<>();
      while (rs.next()) {
        names.add(rs.getString("TABLE_NAME").toLowerCase());
      }
      return names;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
