package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store that has every migration skips Flyway; any other store still gets it. */
class SchemaCurrencyTest {
  private static final Clock CLOCK = Clock.systemUTC();

  @TempDir Path dir;

  @Test
  void theLatestMigrationConstantNamesTheHighestShippedMigrationOfBothDatabases()
      throws IOException {
    for (String folder : new String[] {"sqlite", "postgresql"}) {
      Path migrations = Path.of("src/main/resources/db/migration", folder);
      Pattern name = Pattern.compile("V(\\d+)__.*\\.sql");
      int highest;
      try (Stream<Path> files = Files.list(migrations)) {
        highest =
            files
                .map(p -> name.matcher(p.getFileName().toString()))
                .filter(Matcher::matches)
                .mapToInt(m -> Integer.parseInt(m.group(1)))
                .max()
                .orElseThrow();
      }
      assertEquals(highest, SchemaCurrency.LATEST_MIGRATION, folder);
    }
  }

  @Test
  void aMigratedStoreIsCurrentAndANewOneIsNot() {
    StateStore fresh = StateStore.open(dir.resolve("a.db").toString(), CLOCK);
    assertTrue(SchemaCurrency.current(fresh.dataSource()));
    StateStore none =
        StateStore.open(dir.resolve("b.db").toString(), CLOCK); // migrated on open as well
    assertTrue(SchemaCurrency.current(none.dataSource()));
  }

  @Test
  void aStoreMissingAMigrationIsMigratedOnOpen() throws SQLException {
    String file = dir.resolve("state.db").toString();
    StateStore first = StateStore.open(file, CLOCK);
    exec(first, "ALTER TABLE journal_changes DROP COLUMN change_kind");
    exec(first, "ALTER TABLE journal_changes DROP COLUMN before_value");
    exec(first, "ALTER TABLE journal_changes DROP COLUMN after_value");
    exec(first, "DELETE FROM flyway_schema_history WHERE version = '7'");
    assertFalse(SchemaCurrency.current(first.dataSource()));

    StateStore again = StateStore.open(file, CLOCK);

    assertTrue(SchemaCurrency.current(again.dataSource()));
    exec(again, "SELECT count(change_kind) FROM journal_changes"); // the column is back
  }

  @Test
  void aFailedOrNewerMigrationIsLeftToFlyway() throws SQLException {
    StateStore store = StateStore.open(dir.resolve("state.db").toString(), CLOCK);
    exec(store, "UPDATE flyway_schema_history SET success = 0 WHERE version = '3'");
    assertFalse(SchemaCurrency.current(store.dataSource()));
    exec(store, "UPDATE flyway_schema_history SET success = 1 WHERE version = '3'");
    assertTrue(SchemaCurrency.current(store.dataSource()));
    exec(store, "UPDATE flyway_schema_history SET version = '8' WHERE version = '7'");
    assertFalse(SchemaCurrency.current(store.dataSource()));
  }

  private static void exec(StateStore store, String sql) throws SQLException {
    try (Connection c = store.dataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
