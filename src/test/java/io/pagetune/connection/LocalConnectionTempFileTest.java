package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temp file of a local write is owner-only from the system call that creates it until the final
 * mode is set, whatever the umask, and a write removes the temp files a killed write of the same
 * target left.
 */
class LocalConnectionTempFileTest {
  private static final Set<PosixFilePermission> OTHERS_AND_GROUP =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);

  @TempDir Path dir;

  /** Records the temp file's permissions at each moment the connection shows it. */
  private static final class Modes implements LocalConnection.TempFileWatch {
    final List<String> seen = new ArrayList<>();

    @Override
    public void created(Path tmp) {
      seen.add("created " + perms(tmp));
    }

    @Override
    public void filled(Path tmp) {
      seen.add("filled " + perms(tmp));
    }

    private static String perms(Path tmp) {
      try {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(tmp));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Test
  void aPrivateTargetsTempFileIsNeverReadableByAnotherUser() throws Exception {
    Path secret = dir.resolve("secret.conf");
    Files.writeString(secret, "password=old\n");
    Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
    Modes modes = new Modes();

    new LocalConnection("localhost", modes)
        .put("password=new\n".getBytes(StandardCharsets.UTF_8), secret.toString(), options());

    assertEquals(List.of("created rw-------", "filled rw-------"), modes.seen);
    assertEquals("password=new\n", Files.readString(secret));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)));
  }

  @Test
  void aWorldReadableTargetGetsItsModeOnlyAfterTheContentIsWritten() throws Exception {
    Path conf = dir.resolve("99-hugepages.conf");
    Modes modes = new Modes();

    new LocalConnection("localhost", modes)
        .put(
            "vm.nr_hugepages = 1024\n".getBytes(StandardCharsets.UTF_8),
            conf.toString(),
            new PutOptions(0644, null, null, Become.NONE));

    for (String moment : modes.seen) {
      Set<PosixFilePermission> perms =
          PosixFilePermissions.fromString(moment.substring(moment.indexOf(' ') + 1));
      assertTrue(perms.stream().noneMatch(OTHERS_AND_GROUP::contains), "temp file " + modes.seen);
    }
    assertEquals(2, modes.seen.size());
    assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(conf)));
  }

  @Test
  void aWriteRemovesTheTempFilesAKilledWriteOfTheSameTargetLeft() throws Exception {
    Path target = dir.resolve("startserv");
    Files.writeString(target, "old\n");
    Path stale1 = Files.writeString(dir.resolve(".startserv.pagetune-0badc0de"), "half");
    Path stale2 = Files.writeString(dir.resolve(".startserv.pagetune-1f2e3d4c5b6a"), "");
    Path otherTarget = Files.writeString(dir.resolve(".startserv2.pagetune-0badc0de"), "x");
    Path notOurs = Files.writeString(dir.resolve(".startserv.pagetune-notes"), "keep");

    new LocalConnection("localhost")
        .put("new\n".getBytes(StandardCharsets.UTF_8), target.toString(), options());

    assertFalse(Files.exists(stale1));
    assertFalse(Files.exists(stale2));
    assertTrue(Files.exists(otherTarget), "another target's temp file is its own write's business");
    assertTrue(Files.exists(notOurs));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          List.of(".startserv.pagetune-notes", ".startserv2.pagetune-0badc0de", "startserv"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  private static PutOptions options() {
    return new PutOptions(null, null, null, Become.NONE);
  }
}
