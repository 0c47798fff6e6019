package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Credentials written into a PostgreSQL state URL log in, and never reach a message. */
class PostgresUrlTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC);

  @Test
  void userInfoIsSplitFromTheUrl() {
    PostgresUrl p = PostgresUrl.parse("jdbc:postgresql://node:p%40ss@db.example:5432/pt?ssl=true");
    assertEquals("jdbc:postgresql://db.example:5432/pt?ssl=true", p.url());
    assertEquals(Optional.of("node"), p.user());
    assertEquals(Optional.of("p@ss"), p.password());

    PostgresUrl plain = PostgresUrl.parse("jdbc:postgresql://db.example/pt?user=a");
    assertEquals("jdbc:postgresql://db.example/pt?user=a", plain.url());
    assertEquals(Optional.empty(), plain.user());
  }

  @Test
  void credentialsInTheUrlLogIn() {
    String url = POSTGRES.newDatabase();
    String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    POSTGRES.execute("CREATE ROLE url_node LOGIN PASSWORD 'url-s3cret'");
    POSTGRES.execute("ALTER DATABASE " + db + " OWNER TO url_node");
    String withUserInfo =
        "jdbc:postgresql://url_node:url-s3cret@localhost:" + POSTGRES.port() + "/" + db;
    StateStore store = StateStore.open(withUserInfo, CLOCK, Map.of());
    store.journal().runs().start("r1", "site.yml", "bob", true);
    assertTrue(store.journal().runs().find("r1").isPresent());
    assertEquals("jdbc:postgresql://localhost:" + POSTGRES.port() + "/" + db, store.describe());
  }

  @Test
  void aWrongPasswordInTheUrlIsRefusedWithoutShowingIt() {
    String url = POSTGRES.newDatabase();
    String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    String wrong = "jdbc:postgresql://nobody:hunter22@localhost:" + POSTGRES.port() + "/" + db;
    StateException e =
        assertThrows(StateException.class, () -> StateStore.open(wrong, CLOCK, Map.of()));
    assertTrue(e.getMessage().startsWith("cannot open state store jdbc:postgresql://localhost:"));
    assertFalse(e.getMessage().contains("hunter22"), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }
}
