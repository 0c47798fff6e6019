package io.pagetune.schedule.queue;

import com.github.kagkarlsson.scheduler.jdbc.DefaultJdbcCustomization;

/**
 * db-scheduler does not recognise SQLite and falls back to ANSI {@code FETCH FIRST n ROWS ONLY},
 * which SQLite rejects: every poll would fail and nothing would ever run. SQLite says LIMIT.
 */
final class SqliteJdbcCustomization extends DefaultJdbcCustomization {
  SqliteJdbcCustomization() {
    super(false);
  }

  @Override
  public String getName() {
    return "SQLite";
  }

  @Override
  public String getQueryLimitPart(int limit) {
    return " LIMIT " + limit;
  }
}
