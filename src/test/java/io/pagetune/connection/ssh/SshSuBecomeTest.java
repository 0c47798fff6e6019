package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeMethod;
import io.pagetune.connection.BecomeRefused;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Become through a fake su on the host's PATH: the password goes to su alone (which reads all of
 * its stdin at once, as PAM does without a terminal), the command keeps its own stdin, stdout and
 * stderr, and su's prompt shows nowhere.
 */
class SshSuBecomeTest {
  private static final Duration T = Duration.ofSeconds(20);
  private static final String PASSWORD = "su-s3cret";
  private static final Become ORACLE = Become.as("oracle").through(BecomeMethod.SU);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private Path bin;

  private TestSshHost hostWithFakeSu() throws Exception {
    bin = Files.createDirectories(ssh.root().resolve("fake-bin"));
    Path su = bin.resolve("su");
    Files.copy(SshSuBecomeTest.class.getResourceAsStream("/connection/ssh/fake-su"), su);
    Files.setPosixFilePermissions(su, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    return ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
  }

  private SshConnection open(TestSshHost host, String password) {
    SshSettings s =
        ssh.settings().withSecrets(() -> Optional.ofNullable(password), Optional::empty);
    return (SshConnection) new SshConnectionFactory(s).open(ssh.spec("ora1", host));
  }

  @Test
  void suGetsThePasswordAndTheCommandItsOwnStdinAndStreams() throws Exception {
    TestSshHost host = hostWithFakeSu();
    try (SshConnection c = open(host, PASSWORD)) {
      CommandResult r =
          c.run(
              RemoteCommand.script("echo \"$FAKE_SU_USER\"; cat; echo oops >&2; exit 3")
                  .withBecome(ORACLE)
                  .withStdin("payload\nsecond line\n"),
              T);
      assertEquals(3, r.exitCode(), r.toString());
      assertEquals("oracle\npayload\nsecond line\n", r.stdout());
      assertEquals("oops\n", r.stderr(), "su's prompt is not the command's output");
      assertFalse((r.stdout() + r.stderr()).contains(PASSWORD));
    }
  }

  @Test
  void aWrongPasswordIsOneLineWithWhatSuSaid() throws Exception {
    TestSshHost host = hostWithFakeSu();
    try (SshConnection c = open(host, "not-it")) {
      BecomeRefused e =
          assertThrows(
              BecomeRefused.class, () -> c.run(RemoteCommand.argv("id").withBecome(ORACLE), T));
      assertEquals("ora1: su to oracle refused: su: Authentication failure", e.getMessage());
    }
    try (SshConnection c = open(host, null)) {
      BecomeRefused e =
          assertThrows(
              BecomeRefused.class, () -> c.read(host.workDir().resolve("x").toString(), ORACLE));
      assertEquals(
          "ora1: su to oracle refused: su: Authentication failure (no become password was given:"
              + " use --ask-become-pass, PAGETUNE_BECOME_PASSWORD or ansible_become_password)",
          e.getMessage());
    }
  }

  @Test
  void fileOperationsGoThroughSuWithBinaryContentIntact() throws Exception {
    TestSshHost host = hostWithFakeSu();
    Path target = host.workDir().resolve("limits.conf");
    Files.writeString(target, "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    byte[] content = new byte[64 * 1024];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) i; // every byte value, CR and LF among them
    }
    try (SshConnection c = open(host, PASSWORD)) {
      c.put(content, target.toString(), PutOptions.DEFAULT.withBecome(ORACLE));
      assertArrayEquals(content, Files.readAllBytes(target));
      assertEquals(
          "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
      assertArrayEquals(content, c.read(target.toString(), ORACLE).orElseThrow());
      assertEquals(content.length, c.stat(target.toString(), ORACLE).orElseThrow().size());
      assertTrue(c.read(target + ".missing", ORACLE).isEmpty());
      try (var left = Files.list(target.getParent())) {
        assertEquals(List.of(target), left.toList(), "no temp file left");
      }
    }
    assertTrue(Files.readAllLines(bin.resolve("su.log")).size() >= 4, "every step through su");
  }

  @Test
  void becomeFlagsReachSuAndBecomeExeNamesTheProgram() throws Exception {
    TestSshHost host = hostWithFakeSu();
    Files.move(bin.resolve("su"), bin.resolve("su'ing"));
    Become how =
        Become.as("oracle")
            .through(BecomeMethod.of("su", bin.resolve("su'ing").toString(), "-l -s /bin/sh"));
    try (SshConnection c = open(host, PASSWORD)) {
      CommandResult r = c.run(RemoteCommand.argv("printf", "%s", "it's").withBecome(how), T);
      assertEquals("it's", r.stdout(), r.toString());
    }
    assertEquals(List.of("flags: -l -s /bin/sh"), Files.readAllLines(bin.resolve("su.log")));
  }
}
