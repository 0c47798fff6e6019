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
import io.pagetune.testing.OpenSshFixture;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.SystemTestUser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Become with Debian's real su (util-linux, PAM) over OpenSSH on loopback: one throw-away user logs
 * in, su takes it to another with that user's password; a wrong password is one line.
 */
@Tag("interop")
class OpenSshSuInteropTest {
  private static final Duration T = Duration.ofSeconds(30);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void suWithTheRightPasswordRunsAsTheTargetUserAndAWrongOneIsOneLine() throws Exception {
    Assumptions.assumeTrue(OpenSshFixture.available(), "openssh-server is not installed");
    Assumptions.assumeTrue(SystemTestUser.canCreate(), "needs root to create test users");
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/su")), "su is not installed");
    String loginPassword = "Lg-" + Long.toHexString(new Random().nextLong());
    String targetPassword = "Su-" + Long.toHexString(new Random().nextLong());
    // sshd reads authorized_keys as the test user: it must reach the fixture's directory
    Files.setPosixFilePermissions(ssh.root(), PosixFilePermissions.fromString("rwxr-xr-x"));
    try (SystemTestUser login = SystemTestUser.create("pagetune-sl", loginPassword);
        SystemTestUser target = SystemTestUser.create("pagetune-st", targetPassword);
        OpenSshFixture f = ssh.startOpenSsh("sshd-su", true)) {
      Map<String, Object> as = Map.of("ansible_user", login.name());
      Become su = Become.as(target.name()).through(BecomeMethod.SU);
      SshSettings right =
          ssh.settings().withSecrets(() -> Optional.of(targetPassword), Optional::empty);
      try (SshConnection c = ssh.connect(right, "linux1", f.port(), as)) {
        CommandResult who =
            c.run(
                RemoteCommand.script("id -un; cat; echo err >&2")
                    .withBecome(su)
                    .withStdin("in\nmore\n"),
                T);
        assertTrue(who.ok(), who.toString());
        assertEquals(target.name() + "\nin\nmore\n", who.stdout());
        assertEquals("err\n", who.stderr(), "su's prompt is not the command's stderr");

        Path file = Path.of("/home", target.name(), "profile.conf");
        byte[] content = "SETENV_00 = LDR_CNTRL=DATAPSIZE=64K\n".getBytes(StandardCharsets.UTF_8);
        c.put(content, file.toString(), new PutOptions(0600, null, null, su));
        PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
        assertEquals(target.name(), a.owner().getName(), "written by the become user");
        assertArrayEquals(content, c.read(file.toString(), su).orElseThrow());
        assertEquals(0600, c.stat(file.toString(), su).orElseThrow().mode());
      }
      SshSettings wrong =
          ssh.settings().withSecrets(() -> Optional.of(loginPassword), Optional::empty);
      try (SshConnection c = ssh.connect(wrong, "linux1", f.port(), as)) {
        BecomeRefused e =
            assertThrows(
                BecomeRefused.class, () -> c.run(RemoteCommand.argv("id").withBecome(su), T));
        assertEquals(
            "linux1: su to " + target.name() + " refused: su: Authentication failure",
            e.getMessage());
        assertFalse(e.getMessage().contains(loginPassword));
      }
    }
  }
}
