package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SshConfigFileTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static SshConfigFile fixture() throws Exception {
    return SshConfigFile.load(
        Path.of(SshConfigFileTest.class.getResource("/connection/ssh/ssh_config").toURI()));
  }

  @Test
  void firstMatchWinsPerKeyAndIdentityFilesAccumulate() throws Exception {
    SshConfigFile.HostConfig c = fixture().resolve("sap-a1.prod");
    assertEquals("sap-a1.prod.example.net", c.hostName());
    assertEquals("sapadm", c.user());
    assertEquals(2201, c.port());
    assertEquals(List.of("~/.ssh/id_global", "~/.ssh/id_sap"), c.identityFiles());
  }

  @Test
  void negatedPatternExcludesAHostAndQuotedValuesAreUnquoted() throws Exception {
    SshConfigFile.HostConfig c = fixture().resolve("sap-legacy.prod");
    assertEquals("10.0.0.9", c.hostName());
    assertEquals("legacy admin", c.user());
    assertEquals(22, c.port());
  }

  @Test
  void questionMarkMatchesOneCharacterAndMatchBlocksAreSkipped() throws Exception {
    SshConfigFile.HostConfig db = fixture().resolve("DB1");
    assertEquals("oracle", db.user());
    assertEquals(2202, db.port());
    assertNull(db.hostName());
    SshConfigFile.HostConfig other = fixture().resolve("db10");
    assertEquals("fallback", other.user());
    assertEquals(22, other.port());
  }

  @Test
  void globMatching() {
    assertTrue(SshConfigFile.glob("*.prod", "a.b.prod"));
    assertTrue(SshConfigFile.glob("w?b*", "web01"));
    assertFalse(SshConfigFile.glob("w?b", "weeb"));
    assertTrue(SshConfigFile.glob("*", ""));
  }

  @Test
  void missingFileIsEmptyAndBadPortIsReported() {
    assertNull(SshConfigFile.load(Path.of("no-such-ssh-config")).resolve("x").user());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SshConfigFile.parse("Host x\n  Port twenty\n").resolve("x"));
    assertEquals("ssh config line 2: Port is not a number: twenty", e.getMessage());
  }

  @Test
  void factoryUsesHostNamePortUserAndIdentityFileFromTheConfig() throws Exception {
    TestSshHost host = ssh.start();
    Path config = ssh.root().resolve("dot-ssh/config");
    Files.writeString(
        config,
        "Host web-alias\n  HostName 127.0.0.1\n  Port "
            + host.port()
            + "\n  User "
            + ssh.user()
            + "\n  IdentityFile "
            + ssh.clientKey()
            + "\n");
    SshSettings settings =
        ssh.settings()
            .withSshDir(ssh.root().resolve("dot-ssh"), config)
            .withDefaultUser("nobody-else");
    ConnectionSpec spec = ConnectionSpec.fromVars("web1", Map.of("ansible_host", "web-alias"));
    try (Connection c = new SshConnectionFactory(settings).open(spec)) {
      assertEquals(
          "hi\n", c.run(RemoteCommand.argv("echo", "hi"), Duration.ofSeconds(10)).stdout());
      assertEquals(ssh.user() + "@127.0.0.1:" + host.port(), ((SshConnection) c).endpoint());
    }
  }
}
