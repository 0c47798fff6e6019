package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestKeys;
import io.pagetune.testing.TestSshHost;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SshConnectFaultsTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private ConnectionException failsToOpen(SshSettings settings, ConnectionSpec spec) {
    long start = System.nanoTime();
    ConnectionException e =
        assertThrows(
            ConnectionException.class, () -> new SshConnectionFactory(settings).open(spec).close());
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertTrue(took.toSeconds() < 5, "a clear failure must be quick, took " + took);
    assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    return e;
  }

  @Test
  void closedPortIsUnreachableWithConnectionRefused() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    ConnectionSpec spec =
        ConnectionSpec.fromVars(
            "web9",
            Map.of(
                "ansible_host",
                "127.0.0.1",
                "ansible_port",
                port,
                "ansible_ssh_private_key_file",
                ssh.clientKey().toString()));
    ConnectionException e = failsToOpen(ssh.settings(), spec);
    assertEquals(
        "web9: cannot connect to 127.0.0.1:" + port + ": connection refused", e.getMessage());
  }

  @Test
  void silentServerTimesOutTheHandshake() throws Exception {
    // the kernel accepts connections into the backlog; nobody ever answers
    try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      ConnectionSpec spec =
          ConnectionSpec.fromVars(
              "web9",
              Map.of(
                  "ansible_host", "127.0.0.1",
                  "ansible_port", silent.getLocalPort(),
                  "ansible_ssh_private_key_file", ssh.clientKey().toString()));
      SshSettings settings =
          ssh.settings()
              .withTimeouts(Duration.ofMillis(1000), Duration.ZERO, Duration.ofSeconds(5));
      ConnectionException e = failsToOpen(settings, spec);
      assertEquals(
          "web9: SSH handshake with 127.0.0.1:"
              + silent.getLocalPort()
              + " timed out after 3 s (the port accepts connections but the server does not"
              + " answer)",
          e.getMessage());
    }
  }

  @Test
  void unresolvableNameIsUnreachable() {
    ConnectionSpec spec =
        ConnectionSpec.fromVars(
            "web9",
            Map.of(
                "ansible_host",
                "pagetune-no-such-host.invalid",
                "ansible_ssh_private_key_file",
                ssh.clientKey().toString()));
    ConnectionException e = failsToOpen(ssh.settings(), spec);
    assertEquals("web9: cannot resolve host name 'pagetune-no-such-host.invalid'", e.getMessage());
  }

  @Test
  void refusedKeyNamesUserAndKey() {
    TestSshHost host = ssh.start();
    Path stranger = TestKeys.write(TestKeys.ed25519(), ssh.root().resolve("stranger"), null);
    ConnectionException e =
        failsToOpen(
            ssh.settings(),
            ssh.spec("web1", host, Map.of("ansible_ssh_private_key_file", stranger.toString())));
    assertEquals(
        "web1: authentication failed for user " + ssh.user() + " with key " + stranger,
        e.getMessage());
  }

  @Test
  void refusedPasswordIsNeverShown() {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPassword("right-one"));
    Path stranger = TestKeys.write(TestKeys.ed25519(), ssh.root().resolve("stranger"), null);
    ConnectionException e =
        failsToOpen(
            ssh.settings(),
            ssh.spec(
                "web1",
                host,
                Map.of(
                    "ansible_ssh_private_key_file",
                    stranger.toString(),
                    "ansible_password",
                    "s3cr3t-wrong")));
    assertTrue(e.getMessage().contains("authentication failed"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cr3t"), e.getMessage());
  }

  @Test
  void passwordLoginWorks() {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPassword("right-one"));
    Path stranger = TestKeys.write(TestKeys.ed25519(), ssh.root().resolve("stranger"), null);
    try (Connection c =
        new SshConnectionFactory(ssh.settings())
            .open(
                ssh.spec(
                    "web1",
                    host,
                    Map.of(
                        "ansible_ssh_private_key_file",
                        stranger.toString(),
                        "ansible_password",
                        "right-one")))) {
      assertEquals(
          "ok\n", c.run(RemoteCommand.argv("echo", "ok"), Duration.ofSeconds(10)).stdout());
    }
  }

  @Test
  void encryptedKeyWithWrongOrMissingPassphraseSaysSo() {
    TestSshHost host = ssh.start();
    KeyPair pair = TestKeys.ed25519();
    host.authorize(pair.getPublic());
    Path key = TestKeys.write(pair, ssh.root().resolve("id_locked"), "correct horse");
    ConnectionSpec spec =
        ssh.spec("web1", host, Map.of("ansible_ssh_private_key_file", key.toString()));

    ConnectionException wrong =
        failsToOpen(
            ssh.settings().withSecrets(Optional::empty, () -> Optional.of("battery staple")), spec);
    assertEquals(
        "web1: private key " + key + " could not be decrypted: wrong passphrase",
        wrong.getMessage());

    ConnectionException missing = failsToOpen(ssh.settings(), spec);
    assertTrue(
        missing
            .getMessage()
            .contains("is encrypted and no passphrase was given (set PAGETUNE_SSH_KEY_PASSPHRASE)"),
        missing.getMessage());

    try (Connection c =
        new SshConnectionFactory(
                ssh.settings().withSecrets(Optional::empty, () -> Optional.of("correct horse")))
            .open(spec)) {
      assertTrue(c.run(RemoteCommand.argv("true"), Duration.ofSeconds(10)).ok());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {TestKeys.KeyPairTypes.RSA, TestKeys.KeyPairTypes.ECDSA})
  void rsaAndEcdsaClientKeysWork(String type) {
    TestSshHost host = ssh.start();
    KeyPair pair = TestKeys.generate(type, type.equals(TestKeys.KeyPairTypes.RSA) ? 2048 : 256);
    host.authorize(pair.getPublic());
    Path key = TestKeys.write(pair, ssh.root().resolve("id_other"), null);
    try (Connection c =
        new SshConnectionFactory(ssh.settings())
            .open(ssh.spec("web1", host, Map.of("ansible_ssh_private_key_file", key.toString())))) {
      assertEquals(
          "ok\n", c.run(RemoteCommand.argv("echo", "ok"), Duration.ofSeconds(10)).stdout());
    }
  }

  @Test
  void defaultKeysAreFoundInTheSshDirectory() throws Exception {
    TestSshHost host = ssh.start();
    java.nio.file.Files.copy(ssh.clientKey(), ssh.root().resolve("dot-ssh/id_ecdsa"));
    Map<String, Object> vars = new java.util.HashMap<>();
    vars.put("ansible_host", "127.0.0.1");
    vars.put("ansible_port", host.port());
    try (Connection c =
        new SshConnectionFactory(ssh.settings()).open(ConnectionSpec.fromVars("web1", vars))) {
      assertEquals(
          ssh.user() + "\n",
          c.run(RemoteCommand.argv("sh", "-c", "echo $(id -un)"), Duration.ofSeconds(10)).stdout());
    }
  }

  @Test
  void connectionDroppedMidCommandIsAConnectionException() {
    TestSshHost host = ssh.start();
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      new Thread(
              () -> {
                try {
                  Thread.sleep(700);
                } catch (InterruptedException ignored) {
                  Thread.currentThread().interrupt();
                }
                host.killSessions();
              })
          .start();
      ConnectionException e =
          assertThrows(
              ConnectionException.class,
              () -> c.run(RemoteCommand.script("sleep 5"), Duration.ofSeconds(20)));
      assertTrue(e.getMessage().startsWith("web1: connection dropped"), e.getMessage());
      // the next command fails the same way: the host stays unreachable
      assertThrows(
          ConnectionException.class,
          () -> c.run(RemoteCommand.argv("true"), Duration.ofSeconds(5)));
    }
  }

  @Test
  void serverStoppedMidCommandIsAConnectionException() {
    TestSshHost host = ssh.start();
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      new Thread(
              () -> {
                try {
                  Thread.sleep(700);
                } catch (InterruptedException ignored) {
                  Thread.currentThread().interrupt();
                }
                host.stop();
              })
          .start();
      CommandResult[] out = new CommandResult[1];
      assertThrows(
          ConnectionException.class,
          () -> out[0] = c.run(RemoteCommand.script("sleep 5"), Duration.ofSeconds(20)));
    }
  }
}
