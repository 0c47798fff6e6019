package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite store is its owner's only: created 0700/0600, existing files tightened with a warning,
 * a directory others can write refused and left as it is, a file its owner cannot write named; and
 * the plan signing key it keeps is made once and shared by every opener (SQLite and PostgreSQL).
 */
class PrivateStoreTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T02:00:00Z"), ZoneOffset.UTC);

  @TempDir Path dir;
  private final List<String> warnings = new ArrayList<>();

  private static String mode(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  private static void chmod(Path p, String mode) throws Exception {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
  }

  private StateStore open(Path db) {
    return StateStore.open(db.toString(), CLOCK, Map.of(), warnings::add);
  }

  @Test
  void aNewStoreIsCreatedPrivateWithItsWalAndShm() throws Exception {
    Path db = dir.resolve("new/store/state.db");
    try (StateStore store = open(db)) {
      store.journal().runs().start("r1", "site.yml", "alice", false);
      for (String f : List.of("state.db", "state.db-wal", "state.db-shm")) {
        Path p = db.resolveSibling(f);
        assertTrue(Files.exists(p), f);
        assertEquals("rw-------", mode(p), f);
      }
    }
    assertEquals("rwx------", mode(db.getParent()));
    assertEquals("rwx------", mode(db.getParent().getParent()));
    assertEquals(List.of(), warnings);
  }

  @Test
  void filesOfAnOlderStoreThatOthersCouldReadAreTightenedWithAWarning() throws Exception {
    Path db = dir.resolve("state.db");
    try (StateStore store = StateStore.open(db.toString(), CLOCK)) {
      store.journal().runs().start("r1", "site.yml", "alice", false);
    }
    for (String f : List.of("state.db", "state.db-wal", "state.db-shm")) {
      chmod(dir.resolve(f), "rw-r--r--");
    }
    try (StateStore store = open(db)) {
      assertTrue(store.journal().runs().find("r1").isPresent(), "the store's content is kept");
    }
    for (String f : List.of("state.db", "state.db-wal", "state.db-shm")) {
      assertEquals("rw-------", mode(dir.resolve(f)), f);
      assertTrue(
          warnings.contains(
              "pagetune: warning: made "
                  + dir.resolve(f)
                  + " private to its owner (0644 -> 0600): the state store keeps what runs"
                  + " replaced on hosts"),
          warnings.toString());
    }
  }

  @Test
  void aDirectoryOthersCanWriteIsRefusedAndLeftAsItIs() throws Exception {
    Path shared = Files.createDirectories(dir.resolve("shared"));
    chmod(shared, "rwxrwxrwx");
    StateException e = assertThrows(StateException.class, () -> open(shared.resolve("state.db")));
    assertEquals(
        "state store directory "
            + shared
            + " can be written by other users (mode 0777), who could replace the store's files:"
            + " make it private (chmod 700 "
            + shared
            + ") or give --state a private directory",
        e.getMessage());
    assertEquals("rwxrwxrwx", mode(shared), "pagetune never changes a directory it did not make");
    assertTrue(!Files.exists(shared.resolve("state.db")));

    // a directory others may read but not write is the user's choice: used, not changed
    Path readable = Files.createDirectories(dir.resolve("readable"));
    chmod(readable, "rwxr-xr-x");
    open(readable.resolve("state.db")).close();
    assertEquals("rwxr-xr-x", mode(readable));
    assertEquals("rw-------", mode(readable.resolve("state.db")));
  }

  @Test
  void pagetunesOwnDirectoryIsTightenedWithAWarning() throws Exception {
    Path own = Files.createDirectories(dir.resolve(".pagetune"));
    chmod(own, "rwxr-xr-x");
    PrivateStore.prepare(own.resolve("state.db"), own, warnings::add);
    assertEquals("rwx------", mode(own));
    assertEquals(
        List.of(
            "pagetune: warning: made "
                + own
                + " private to its owner (0755 -> 0700): the state store keeps what runs replaced"
                + " on hosts"),
        warnings);
  }

  @Test
  void aShmFileItsOwnerCannotWriteIsNamedInTheError() throws Exception {
    Path db = dir.resolve("state.db");
    try (StateStore store = StateStore.open(db.toString(), CLOCK)) {
      store.journal().runs().start("r1", "site.yml", "alice", false);
    }
    Path shm = dir.resolve("state.db-shm");
    chmod(shm, "r--r--r--");
    StateException e = assertThrows(StateException.class, () -> open(db));
    assertEquals(
        "state store file "
            + shm
            + " cannot be read and written by its owner (mode 0444): chmod 600 "
            + shm,
        e.getMessage());
  }

  @Test
  void thePlanKeyIsMadeOnceAndSharedByEveryOpener() throws Exception {
    Path db = dir.resolve("state.db");
    byte[] first;
    try (StateStore store = open(db)) {
      first = new PlanKeys(store).key();
      assertEquals(32, first.length);
      assertArrayEquals(first, new PlanKeys(store).key());
    }
    try (StateStore again = open(db)) {
      assertArrayEquals(first, new PlanKeys(again).key());
    }
    try (StateStore other = open(dir.resolve("other.db"))) {
      assertTrue(!java.util.Arrays.equals(first, new PlanKeys(other).key()), "a key per store");
    }
    String url = POSTGRES.newDatabase();
    byte[] pg = new PlanKeys(StateStore.open(url, CliRun.CLOCK, Map.of())).key();
    assertArrayEquals(pg, new PlanKeys(StateStore.open(url, CliRun.CLOCK, Map.of())).key());
  }
}
