package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The kept shell session against Debian's OpenSSH sshd and the login user's real {@code /bin/sh}
 * (dash), with real sudo: the session's framing, isolation and timeouts where users run them.
 */
@Tag("interop")
class OpenSshShellSessionInteropTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @BeforeEach
  void needsSshd() {
    Assumptions.assumeTrue(OpenSshFixture.available(), "openssh-server is not installed");
  }

  private OpenSshFixture sshd() throws Exception {
    return ssh.startOpenSsh("sshd", true);
  }

  private SshConnection open(OpenSshFixture f, SshSettings settings, Map<String, Object> extra) {
    return ssh.connect(settings, "linux1", f.port(), extra);
  }

  @Test
  void commandsShareOneSessionWithoutLeakingStateAndKeepTheirBytes() throws Exception {
    try (OpenSshFixture f = sshd();
        SshConnection c = open(f, ssh.settings(), Map.of())) {
      assertEquals(
          "/tmp\n", c.run(RemoteCommand.script("cd /tmp && export PT_X=1 && pwd"), T).stdout());
      assertEquals("unset\n", c.run(RemoteCommand.script("echo ${PT_X:-unset}"), T).stdout());
      assertTrue(!c.run(RemoteCommand.argv("pwd"), T).stdout().equals("/tmp\n"), "cd stayed");
      CommandResult prefix =
          c.run(RemoteCommand.script("printf 'pagetune-end-x\\npagetune-begin-y'; exit 7"), T);
      assertEquals(7, prefix.exitCode());
      assertEquals("pagetune-end-x\npagetune-begin-y", prefix.stdout());
      CommandResult high = c.run(RemoteCommand.script("exit 143"), T);
      assertEquals(143, high.exitCode(), high.toString());
      CommandResult never = c.run(RemoteCommand.script("sleep 600.25"), Duration.ofSeconds(2));
      assertTrue(never.timedOut(), never.toString());
      assertEquals("", SshConnectionTest.pgrep("sleep 600.25"), "the command was killed");
      assertEquals("ok\n", c.run(RemoteCommand.argv("echo", "ok"), T).stdout());
      assertEquals(1, c.shellSessionsOpened(), "one session carried every command");
    }
  }

  @Test
  void becomeWithoutAPasswordRunsThroughRealSudoOnTheSession() throws Exception {
    Assumptions.assumeTrue(SystemTestUser.canCreate(), "needs root to create a sudo test user");
    String password = "Pt-" + Long.toHexString(new Random().nextLong());
    Files.setPosixFilePermissions(ssh.root(), PosixFilePermissions.fromString("rwxr-xr-x"));
    try (SystemTestUser user = SystemTestUser.createWithoutSudoPassword("pagetune-is", password);
        OpenSshFixture f = sshd()) {
      Map<String, Object> as = Map.of("ansible_user", user.name());
      SshSettings settings = ssh.settings().withSecrets(Optional::empty, Optional::empty);
      try (SshConnection c = open(f, settings, as)) {
        assertEquals(user.name() + "\n", c.run(RemoteCommand.argv("id", "-un"), T).stdout());
        CommandResult root =
            c.run(RemoteCommand.argv("id", "-un").withBecome(Become.as("root")), T);
        assertEquals("root\n", root.stdout(), root.toString());
        CommandResult timedOut =
            c.run(
                RemoteCommand.script("sleep 602.5").withBecome(Become.as("root")),
                Duration.ofSeconds(2));
        assertTrue(timedOut.timedOut(), timedOut.toString());
        assertEquals("", SshConnectionTest.pgrep("sleep 602.5"), "root's command was killed");
        Path target = Files.createDirectories(ssh.root().resolve("etc-is")).resolve("by-root");
        Files.setPosixFilePermissions(
            target.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        byte[] content = "vm.nr_hugepages = 64\n".getBytes(StandardCharsets.UTF_8);
        c.put(
            content,
            target.toString(),
            new PutOptions(0644, "root", "root", Become.NONE).withBecome(Become.as("root")));
        assertArrayEquals(content, Files.readAllBytes(target));
        assertEquals(1, c.shellSessionsOpened(), "sudo ran on the kept session");
      }
    }
  }
}
