package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.ssh.config.SshConfigFile;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.config.SshTarget;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestKeys;
import io.pagetune.testing.TestSshHost;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Handshakes are limited per server (the first hop's address and port) and in all; a server that
 * drops a connection before its banner (sshd's MaxStartups) is tried again after a back-off, a
 * refused login never. The back-off is recorded, not slept.
 */
class HandshakeLimitsTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private final List<Duration> pauses = new ArrayList<>();

  @Test
  void eachServerHasItsOwnSlotsWithinTheOverallCap() {
    HandshakeLimits limits = new HandshakeLimits(1, 3);
    Optional<HandshakeLimits.Slot> a = limits.tryServer("10.0.0.1:22");
    assertTrue(a.isPresent());
    assertEquals(Optional.empty(), limits.tryServer("10.0.0.1:22").map(s -> "taken"));
    // another server is not held back by the first one's handshake
    assertTrue(limits.tryServer("10.0.0.2:22").isPresent());
    assertTrue(limits.tryServer("10.0.0.1:2222").isPresent());
    a.get().close();
    assertTrue(limits.tryServer("10.0.0.1:22").isPresent(), "the slot came back");
    assertEquals(16, HandshakeLimits.forCpus(10, 2).overallFree());
    assertEquals(10, HandshakeLimits.forCpus(10, 1).overallFree(), "never below one server's");
  }

  @Test
  void hostsBehindAJumpHostCountAgainstTheJumpHost() {
    SshSettings settings = ssh.settings();
    SshTarget behind =
        SshTarget.resolve(
            ConnectionSpec.fromVars(
                "db1",
                Map.of(
                    "ansible_host",
                    "10.1.1.5",
                    "ansible_ssh_common_args",
                    "-o ProxyJump=ops@bastion.example:2022")),
            SshConfigFile.load(settings.sshConfigFile()),
            settings);
    SshTarget direct =
        SshTarget.resolve(
            ConnectionSpec.fromVars("db2", Map.of("ansible_host", "10.1.1.6")),
            SshConfigFile.load(settings.sshConfigFile()),
            settings);
    assertEquals("bastion.example:2022", HandshakeLimits.serverOf(behind));
    assertEquals("10.1.1.6:22", HandshakeLimits.serverOf(direct));
  }

  private SshConnectionFactory factory(SshSettings settings) {
    return new SshConnectionFactory(
        settings,
        Optional::empty,
        Clock.systemUTC(),
        new HandshakeLimits(settings.maxConcurrentHandshakes(), 8),
        pauses::add);
  }

  /**
   * Holds the server's only unauthenticated slot with a connection that never logs in, and returns
   * once the server drops a second one before its banner, so the next connection is dropped too.
   */
  private static Socket holdTheOnlySlot(TestSshHost server) throws Exception {
    Socket holder = new Socket(InetAddress.getLoopbackAddress(), server.port());
    while (true) {
      try (Socket probe = new Socket(InetAddress.getLoopbackAddress(), server.port());
          InputStream in = probe.getInputStream()) {
        if (in.read() < 0) {
          return holder;
        }
      } catch (java.net.SocketException reset) {
        return holder;
      }
    }
  }

  @Test
  void aConnectionDroppedBeforeTheBannerIsTriedAgainAfterABackoff() throws Exception {
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withHandshakeLimit(1));
    Socket holder = holdTheOnlySlot(server);
    int droppedBefore = server.droppedHandshakes();
    SshSettings settings = ssh.settings().withLimits(8, 4, 3, Duration.ofMillis(400));
    SshConnectionFactory factory =
        new SshConnectionFactory(
            settings,
            Optional::empty,
            Clock.systemUTC(),
            new HandshakeLimits(4, 8),
            delay -> {
              pauses.add(delay);
              try {
                holder.close(); // the busy server frees its slot while we wait
                // the server frees it when it sees the close: wait for that, as a real back-off
                // would have, so the retry is not dropped by a slot still counted
                for (int spins = 0; server.pendingHandshakes() > 0 && spins < 10_000_000; spins++) {
                  Thread.yield();
                }
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    try (Connection c = factory.open(ssh.spec("web1", server))) {
      assertEquals("web1", c.host());
    }
    assertEquals(droppedBefore + 1, server.droppedHandshakes());
    assertEquals(1, pauses.size(), pauses.toString());
    long ms = pauses.get(0).toMillis();
    assertTrue(ms >= 200 && ms <= 400, "jittered within half to all of the base: " + ms);
  }

  @Test
  void aServerThatKeepsDroppingIsGivenUpAfterTheAttemptsWithGrowingPauses() throws Exception {
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withHandshakeLimit(1));
    try (Socket holder = holdTheOnlySlot(server)) {
      SshSettings settings = ssh.settings().withLimits(8, 4, 3, Duration.ofMillis(400));
      ConnectionException e =
          assertThrows(
              ConnectionException.class, () -> factory(settings).open(ssh.spec("web1", server)));
      assertTrue(e.getMessage().startsWith("web1: connection to 127.0.0.1:"), e.getMessage());
      assertTrue(e.getMessage().contains("closed during the handshake 3 times"), e.getMessage());
      assertTrue(e.getMessage().contains("MaxStartups"), e.getMessage());
      assertEquals(2, pauses.size(), pauses.toString());
      assertTrue(pauses.get(0).toMillis() <= 400, pauses.toString());
      assertTrue(pauses.get(1).toMillis() >= 400, "doubled: " + pauses);
      assertTrue(holder.isConnected(), "the slot stayed taken throughout");
    }
  }

  @Test
  void aRefusedLoginIsNeverTriedAgain() {
    TestSshHost server = ssh.start();
    Path stranger = TestKeys.write(TestKeys.ed25519(), ssh.root().resolve("stranger"), null);
    SshSettings settings = ssh.settings().withLimits(8, 4, 3, Duration.ofMillis(400));
    ConnectionException e =
        assertThrows(
            ConnectionException.class,
            () ->
                factory(settings)
                    .open(
                        ssh.spec(
                            "web1",
                            server,
                            Map.of("ansible_ssh_private_key_file", stranger.toString()))));
    assertTrue(e.getMessage().contains("authentication failed"), e.getMessage());
    assertEquals(List.of(), pauses);
  }
}
