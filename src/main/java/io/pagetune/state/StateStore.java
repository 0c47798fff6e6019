package io.pagetune.state;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.sqlite.SQLiteConfig;

/**
 * Where the run journal and the restart queue live: an SQLite file by default, PostgreSQL when
 * several control nodes share one queue. Opening migrates the schema to the current version.
 */
public final class StateStore implements AutoCloseable {
  public static final String USER_ENV = "PAGETUNE_STATE_USER";
  public static final String PASSWORD_ENV = "PAGETUNE_STATE_PASSWORD";
  private static final String POSTGRES_PREFIX = "jdbc:postgresql:";
  private static final int SQLITE_BUSY_TIMEOUT_MS = 30_000;

  private final Dialect dialect;
  private final DataSource dataSource;
  private final String display;
  private final Clock clock;
  private final WalKeeper walKeeper;
  private final GroupCommit commits;

  private StateStore(
      Dialect dialect, DataSource dataSource, String display, Clock clock, WalKeeper walKeeper) {
    this(dialect, dataSource, display, clock, walKeeper, new GroupCommit(dataSource, display));
  }

  private StateStore(
      Dialect dialect,
      DataSource dataSource,
      String display,
      Clock clock,
      WalKeeper walKeeper,
      GroupCommit commits) {
    this.commits = commits;
    this.dialect = dialect;
    this.dataSource = dataSource;
    this.display = display;
    this.clock = clock;
    this.walKeeper = walKeeper;
  }

  /** {@code ~/.pagetune/state.db}. */
  public static String defaultLocation() {
    return Path.of(System.getProperty("user.home"), ".pagetune", "state.db").toString();
  }

  /**
   * Opens (and migrates) the store at {@code location}: a {@code jdbc:postgresql:} URL, or else a
   * file path for SQLite ({@code ~/} expands to the home directory; parent directories are
   * created). PostgreSQL credentials come from {@value #USER_ENV}/{@value #PASSWORD_ENV} or the
   * URL.
   */
  public static StateStore open(String location, Clock clock) {
    return open(location, clock, System.getenv());
  }

  /** As {@link #open(String, Clock)}, reading credentials from {@code env}. */
  public static StateStore open(String location, Clock clock, Map<String, String> env) {
    return open(location, clock, env, warning -> {});
  }

  /**
   * As {@link #open(String, Clock, Map)}, telling {@code warnings} about the store's files it made
   * private ({@link PrivateStore}).
   */
  public static StateStore open(
      String location, Clock clock, Map<String, String> env, Consumer<String> warnings) {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(clock, "clock");
    StateStore store =
        location.startsWith(POSTGRES_PREFIX)
            ? openPostgres(location, clock, env)
            : openSqlite(location, clock, warnings);
    store.migrate();
    if (store.dialect == Dialect.SQLITE) {
      store.walKeeper.keep(store.dataSource);
    }
    return store;
  }

  private static StateStore openSqlite(String location, Clock clock, Consumer<String> warnings) {
    Path file = expandHome(location).toAbsolutePath().normalize();
    PrivateStore.prepare(
        file, Path.of(defaultLocation()).toAbsolutePath().normalize().getParent(), warnings);
    if (file.getParent() != null) {
      SqliteNativeCopy.useFrom(file.getParent());
    }
    SQLiteConfig config = new SQLiteConfig();
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    // with WAL, NORMAL never corrupts the file; it only may lose the last commits on power loss,
    // and spares an fsync per journaled change
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.setBusyTimeout(SQLITE_BUSY_TIMEOUT_MS);
    // Every transaction takes the write lock at BEGIN: a read-then-write transaction can then
    // never fail with SQLITE_BUSY half-way, it waits for the lock instead.
    config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    config.enforceForeignKeys(true);
    String display = file.toString();
    DataSource ds =
        new DriverDataSource(
            new org.sqlite.JDBC(), "jdbc:sqlite:" + file, config.toProperties(), display);
    return new StateStore(Dialect.SQLITE, ds, display, clock, new WalKeeper());
  }

  private static StateStore openPostgres(String location, Clock clock, Map<String, String> env) {
    Properties properties = new Properties();
    PostgresUrl parsed = PostgresUrl.parse(location);
    String url = parsed.url();
    String user = env.getOrDefault(USER_ENV, parsed.user().orElse(null));
    String password = env.getOrDefault(PASSWORD_ENV, parsed.password().orElse(null));
    if (user != null && !user.isEmpty()) {
      properties.setProperty("user", user);
    }
    if (password != null && !password.isEmpty()) {
      properties.setProperty("password", password);
    }
    String display = withoutSecrets(location);
    DataSource ds = new DriverDataSource(new org.postgresql.Driver(), url, properties, display);
    return new StateStore(Dialect.POSTGRESQL, ds, display, clock, new WalKeeper());
  }

  static Path expandHome(String location) {
    if (location.equals("~")) {
      return Path.of(System.getProperty("user.home"));
    }
    if (location.startsWith("~/")) {
      return Path.of(System.getProperty("user.home"), location.substring(2));
    }
    return Path.of(location);
  }

  /** The URL without its query (which may carry user and password) and without user info. */
  static String withoutSecrets(String url) {
    String bare = url;
    int query = bare.indexOf('?');
    if (query >= 0) {
      bare = bare.substring(0, query);
    }
    int at = bare.lastIndexOf('@');
    int hostStart = bare.indexOf("//");
    if (at >= 0 && hostStart >= 0 && at > hostStart) {
      bare = bare.substring(0, hostStart + 2) + bare.substring(at + 1);
    }
    return bare;
  }

  private void migrate() {
    if (SchemaCurrency.current(dataSource)) {
      return;
    }
    try {
      Flyway.configure(StateStore.class.getClassLoader())
          .dataSource(dataSource)
          .locations(dialect.migrationLocation())
          .load()
          .migrate();
    } catch (FlywayException e) {
      throw new StateException("cannot open state store " + display + ": " + FaultText.of(e), e);
    }
  }

  public Dialect dialect() {
    return dialect;
  }

  /** Connections for db-scheduler and for our own queries; each call opens a new connection. */
  public DataSource dataSource() {
    return dataSource;
  }

  public Clock clock() {
    return clock;
  }

  /** The location safe to show: the SQLite path or the PostgreSQL URL without credentials. */
  public String describe() {
    return display;
  }

  /** The same database seen through another clock (no new connection, no migration). */
  public StateStore withClock(Clock other) {
    return new StateStore(
        dialect, dataSource, display, Objects.requireNonNull(other), walKeeper, commits);
  }

  /**
   * Refuses a damaged store before a run writes to it: SQLite's {@code quick_check} (page and
   * b-tree structure, without comparing index contents). A run that wrote to hosts with a broken
   * journal could afterwards neither be shown nor rolled back. PostgreSQL checks its own pages as
   * it reads them, so there the check is only that the store answers.
   */
  public void checkIntegrity() {
    String query = dialect == Dialect.SQLITE ? "PRAGMA quick_check(5)" : "SELECT 'ok'";
    List<String> problems = new ArrayList<>();
    try (java.sql.Connection c = dataSource.getConnection();
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery(query)) {
      while (r.next()) {
        // one result row may hold several lines, headed by the schema they are about
        for (String line : String.valueOf(r.getString(1)).split("\n")) {
          if (!line.isBlank() && !line.equals("ok") && !line.startsWith("*** in database")) {
            problems.add(line.strip());
          }
        }
      }
    } catch (SQLException e) {
      problems.add(FaultText.of(e));
    }
    if (!problems.isEmpty()) {
      throw new StateException(
          "state store "
              + display
              + " is damaged ("
              + String.join("; ", problems)
              + "); nothing was changed: restore it from a backup, or move it aside to start a"
              + " new journal");
    }
  }

  public Journal journal() {
    return new Journal(this);
  }

  /**
   * Runs {@code work} in one transaction: committed when it returns, rolled back if it throws.
   * Units from concurrent callers share a transaction (each in its own savepoint) on one kept
   * connection; each caller still returns only after its unit is committed.
   */
  public <T> T inTransaction(SqlWork<T> work) {
    try {
      return commits.run(work);
    } catch (SQLException e) {
      throw new StateException("state store " + display + ": " + FaultText.of(e), e);
    }
  }

  /** Transactions committed by this store's writer so far (for tests). */
  int transactionsCommitted() {
    return commits.batches();
  }

  /** Units waiting for the writer (for tests). */
  int transactionsQueued() {
    return commits.queued();
  }

  /** Releases the idle connection an SQLite store keeps; each query opens its own connection. */
  @Override
  public void close() {
    walKeeper.release();
  }

  @Override
  public String toString() {
    return "StateStore[" + dialect + " " + display + "]";
  }
}
