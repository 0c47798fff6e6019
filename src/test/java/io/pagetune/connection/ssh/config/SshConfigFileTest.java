package io.pagetune.connection.ssh.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.SshConnection;
import io.pagetune.connection.ssh.SshConnectionFactory;
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

  @Test
  void includeReadsGlobbedFilesInOrderAtItsPlaceAndProxyJumpIsParsed() throws Exception {
    Path dir = ssh.root().resolve("cfg");
    Files.createDirectories(dir.resolve("conf.d"));
    Files.writeString(
        dir.resolve("config"), "Include conf.d/*.conf\nHost db*\n  User late\n  ProxyJump none\n");
    Files.writeString(dir.resolve("conf.d/20-db.conf"), "Host db1\n  ProxyJump ops@b1:2200,b2\n");
    Files.writeString(dir.resolve("conf.d/10-all.conf"), "Host db*\n  User early\n");
    Files.writeString(dir.resolve("conf.d/ignored.txt"), "Host db1\n  Port 1\n");
    SshConfigFile config = SshConfigFile.load(dir.resolve("config"));
    SshConfigFile.HostConfig db1 = config.resolve("db1");
    assertEquals("early", db1.user(), "10-all.conf is read before 20-db.conf");
    assertNull(db1.port(), "only *.conf files are included");
    assertEquals(
        List.of(new JumpHost("ops", "b1", 2200), new JumpHost(null, "b2", null)), db1.proxyJump());
    assertEquals(List.of(), config.resolve("db2").proxyJump(), "ProxyJump none");
    assertNull(config.resolve("web").proxyJump());
  }

  @Test
  void includeLoopsAndBadProxyJumpAreReportedWithTheirFile() throws Exception {
    Path dir = ssh.root().resolve("cfg");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("config"), "Include config\n");
    IllegalArgumentException loop =
        assertThrows(
            IllegalArgumentException.class, () -> SshConfigFile.load(dir.resolve("config")));
    assertTrue(loop.getMessage().contains("Include nested more than 16 deep"), loop.getMessage());
    Files.writeString(dir.resolve("config"), "Host x\n  ProxyJump b:notaport\n");
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> SshConfigFile.load(dir.resolve("config")).resolve("x"));
    assertTrue(
        bad.getMessage()
            .endsWith("config line 2: ProxyJump hop 'b:notaport' has an invalid port: notaport"),
        bad.getMessage());
  }
}
