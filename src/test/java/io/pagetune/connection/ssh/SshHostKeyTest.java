package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import io.pagetune.connection.ssh.hostkeys.HostKeyFingerprint;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestKeys;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SshHostKeyTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private void connects(SshSettings settings, TestSshHost host) {
    try (Connection c = new SshConnectionFactory(settings).open(ssh.spec("web1", host))) {
      assertTrue(c.run(RemoteCommand.argv("true"), Duration.ofSeconds(10)).ok());
    }
  }

  private ConnectionException refused(SshSettings settings, TestSshHost host) {
    return assertThrows(
        ConnectionException.class,
        () -> new SshConnectionFactory(settings).open(ssh.spec("web1", host)).close());
  }

  @Test
  void strictAcceptsTheKnownPortQualifiedEntry() throws Exception {
    TestSshHost host = ssh.start();
    assertTrue(
        Files.readString(ssh.knownHosts())
            .startsWith("[127.0.0.1]:" + host.port() + " ssh-ed25519 "));
    connects(ssh.settings(), host);
  }

  @ParameterizedTest
  @ValueSource(strings = {TestKeys.KeyPairTypes.RSA, TestKeys.KeyPairTypes.ECDSA})
  void strictWorksWithRsaAndEcdsaHostKeys(String type) throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withHostKeyType(type));
    assertTrue(Files.readString(ssh.knownHosts()).contains(" " + type + " "));
    connects(ssh.settings(), host);
    TestSshHost unknown = ssh.startUnknown(TestSshHost.Options.defaults().withHostKeyType(type));
    assertTrue(
        refused(ssh.settings(), unknown).getMessage().contains("is unknown: " + type + " SHA256:"));
  }

  @Test
  void strictRefusesAnUnknownHostWithItsFingerprint() {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    ConnectionException e = refused(ssh.settings(), host);
    String fp = HostKeyFingerprint.of(host.hostKey()).sha256();
    assertTrue(
        e.getMessage()
            .startsWith(
                "host key of web1 ([127.0.0.1]:" + host.port() + ") is unknown: ssh-ed25519 " + fp),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void strictDoesNotMatchTheSameHostOnAnotherPort() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    // the right key, but recorded for port 22 (plain name) and another port
    String key = TestKeys.publicLine(new java.security.KeyPair(host.hostKey(), null));
    ssh.appendKnownHost("127.0.0.1 " + key);
    ssh.appendKnownHost("[127.0.0.1]:" + (host.port() + 1) + " " + key);
    ConnectionException e = refused(ssh.settings(), host);
    assertTrue(e.getMessage().contains("is unknown"), e.getMessage());
  }

  @Test
  void changedKeyFailsUnderStrictAndAcceptNewWithTheFingerprint() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    String other = TestKeys.publicLine(TestKeys.ed25519());
    ssh.appendKnownHost("[127.0.0.1]:" + host.port() + " " + other);
    String before = Files.readString(ssh.knownHosts());
    String fp = HostKeyFingerprint.of(host.hostKey()).sha256();
    for (HostKeyChecking mode : List.of(HostKeyChecking.STRICT, HostKeyChecking.ACCEPT_NEW)) {
      ConnectionException e = refused(ssh.settings().withHostKeyChecking(mode), host);
      assertTrue(e.getMessage().contains("has CHANGED"), mode + ": " + e.getMessage());
      assertTrue(e.getMessage().contains("ssh-ed25519 " + fp), e.getMessage());
      assertTrue(e.getMessage().contains("web1"), e.getMessage());
    }
    assertEquals(before, Files.readString(ssh.knownHosts()), "a changed key is never recorded");
  }

  @Test
  void hashedEntriesAreAccepted() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    byte[] salt = new byte[20];
    new SecureRandom().nextBytes(salt);
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(salt, "HmacSHA1"));
    byte[] hash = mac.doFinal(("[127.0.0.1]:" + host.port()).getBytes(StandardCharsets.US_ASCII));
    Base64.Encoder b64 = Base64.getEncoder();
    String key = TestKeys.publicLine(new java.security.KeyPair(host.hostKey(), null));
    ssh.appendKnownHost(
        "|1|" + b64.encodeToString(salt) + "|" + b64.encodeToString(hash) + " " + key);
    connects(ssh.settings(), host);
  }

  @Test
  void extraKnownHostsFilesAreConsulted() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    Path extra = ssh.root().resolve("inventory_known_hosts");
    Files.writeString(extra, "# from the inventory\n" + host.knownHostsLine() + "\n");
    connects(ssh.settings().withExtraKnownHosts(List.of(extra)), host);
  }

  @Test
  void offAcceptsAnyKeyAndWritesNothing() throws Exception {
    TestSshHost host = ssh.startUnknown(TestSshHost.Options.defaults());
    connects(ssh.settings().withHostKeyChecking(HostKeyChecking.OFF), host);
    assertEquals("", Files.readString(ssh.knownHosts()));
  }

  @Test
  void acceptNewWithTwentyHostsAtOnceWritesTwentyWellFormedLines() throws Exception {
    List<TestSshHost> hosts = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      hosts.add(ssh.startUnknown(TestSshHost.Options.defaults()));
    }
    Files.writeString(ssh.knownHosts(), "# existing line without newline");
    SshConnectionFactory factory =
        new SshConnectionFactory(ssh.settings().withHostKeyChecking(HostKeyChecking.ACCEPT_NEW));
    ExecutorService pool = Executors.newFixedThreadPool(20);
    try {
      List<Future<Boolean>> done = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        TestSshHost h = hosts.get(i);
        String name = "web" + i;
        done.add(
            pool.submit(
                () -> {
                  try (Connection c = factory.open(ssh.spec(name, h))) {
                    return c.run(RemoteCommand.argv("true"), Duration.ofSeconds(20)).ok();
                  }
                }));
      }
      for (Future<Boolean> f : done) {
        assertTrue(f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    List<String> lines = Files.readAllLines(ssh.knownHosts());
    assertEquals("# existing line without newline", lines.get(0));
    Set<String> expected = new HashSet<>();
    for (TestSshHost h : hosts) {
      expected.add(h.knownHostsLine());
    }
    assertEquals(expected, new HashSet<>(lines.subList(1, lines.size())));
    assertEquals(21, lines.size());
    // the keys now recorded are accepted under strict checking
    connects(ssh.settings(), hosts.get(3));
  }
}
