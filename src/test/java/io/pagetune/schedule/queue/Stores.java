package io.pagetune.schedule.queue;

import io.pagetune.state.Dialect;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** Opens a fresh store of either kind for a test. */
final class Stores {
  private Stores() {}

  static StateStore open(Dialect dialect, Path dir, PostgresServer postgres, Clock clock) {
    return dialect == Dialect.SQLITE
        ? StateStore.open(dir.resolve("state.db").toString(), clock)
        : StateStore.open(postgres.newDatabase(), clock, Map.of());
  }
}
