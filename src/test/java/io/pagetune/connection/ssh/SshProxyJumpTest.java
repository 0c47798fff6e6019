package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyFingerprint;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ProxyJump through in-process bastions: both host keys checked, nothing reached around them. */
class SshProxyJumpTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private TestSshHost bastion() {
    TestSshHost b = ssh.start();
    b.allowTcpForwarding();
    return b;
  }

  private String hop(TestSshHost h) {
    return ssh.user() + "@127.0.0.1:" + h.port();
  }

  private static String workingDir(Connection c) {
    CommandResult r = c.run(RemoteCommand.argv("pwd"), Duration.ofSeconds(10));
    assertTrue(r.ok(), r.stderr());
    return r.stdout().strip();
  }

  private ConnectionException refused(
      SshSettings settings, TestSshHost target, Map<String, Object> vars) {
    return assertThrows(
        ConnectionException.class,
        () -> new SshConnectionFactory(settings).open(ssh.spec("web1", target, vars)).close());
  }

  @Test
  void proxyJumpInCommonArgsTunnelsThroughTheBastion() throws Exception {
    TestSshHost bastion = bastion();
    TestSshHost target = ssh.start();
    Map<String, Object> vars = Map.of("ansible_ssh_common_args", "-o ProxyJump=" + hop(bastion));
    try (Connection c =
        new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", target, vars))) {
      // the command ran on the target (its working directory), not on the bastion
      assertEquals(target.workDir().toRealPath().toString(), workingDir(c));
      assertEquals(1, bastion.activeSessions());
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), bastion.forwardedTo());
    // closing the target's connection closes the bastion's session too
    long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (bastion.activeSessions() > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertEquals(0, bastion.activeSessions());
  }

  @Test
  void dashJInExtraArgsWithTwoHopsGoesThroughBothInOrder() throws Exception {
    TestSshHost first = bastion();
    TestSshHost second = bastion();
    TestSshHost target = ssh.start();
    Map<String, Object> vars =
        Map.of("ansible_ssh_extra_args", "-J '" + hop(first) + "," + hop(second) + "'");
    try (Connection c =
        new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", target, vars))) {
      assertEquals(target.workDir().toRealPath().toString(), workingDir(c));
    }
    assertEquals(List.of("127.0.0.1:" + second.port()), first.forwardedTo());
    assertEquals(List.of("127.0.0.1:" + target.port()), second.forwardedTo());
  }

  @Test
  void unknownBastionKeyFailsTheHostWithTheBastionFingerprint() {
    TestSshHost bastion = ssh.startUnknown(TestSshHost.Options.defaults());
    bastion.allowTcpForwarding();
    TestSshHost target = ssh.start();
    ConnectionException e =
        refused(ssh.settings(), target, Map.of("ansible_ssh_common_args", "-J " + hop(bastion)));
    String fp = HostKeyFingerprint.of(bastion.hostKey()).sha256();
    assertTrue(
        e.getMessage()
            .startsWith(
                "host key of web1 via jump host 127.0.0.1 ([127.0.0.1]:"
                    + bastion.port()
                    + ") is unknown: ssh-ed25519 "
                    + fp),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
    assertEquals(
        List.of(), bastion.forwardedTo(), "nothing is tunnelled through a refused bastion");
  }

  @Test
  void unknownTargetKeyBehindAKnownBastionFailsWithTheTargetFingerprint() {
    TestSshHost bastion = bastion();
    TestSshHost target = ssh.startUnknown(TestSshHost.Options.defaults());
    ConnectionException e =
        refused(ssh.settings(), target, Map.of("ansible_ssh_common_args", "-J " + hop(bastion)));
    String fp = HostKeyFingerprint.of(target.hostKey()).sha256();
    assertTrue(
        e.getMessage()
            .startsWith(
                "host key of web1 ([127.0.0.1]:"
                    + target.port()
                    + ") is unknown: ssh-ed25519 "
                    + fp),
        e.getMessage());
  }

  @Test
  void aBastionThatRefusesForwardingFailsTheHostNamingTheTunnel() {
    TestSshHost bastion = ssh.start(); // MINA refuses direct-tcpip unless a filter allows it
    TestSshHost target = ssh.start();
    ConnectionException e =
        refused(ssh.settings(), target, Map.of("ansible_ssh_common_args", "-J " + hop(bastion)));
    assertTrue(
        e.getMessage()
            .startsWith(
                "web1 via jump host 127.0.0.1 cannot open a tunnel to 127.0.0.1:"
                    + target.port()
                    + ": "),
        e.getMessage());
  }

  @Test
  void sshConfigProxyJumpFromAnIncludedFileAndNoneOnTheCommandLine() throws Exception {
    TestSshHost bastion = bastion();
    TestSshHost target = ssh.start();
    Path dir = ssh.root().resolve("dot-ssh");
    Files.createDirectories(dir.resolve("conf.d"));
    Files.writeString(dir.resolve("config"), "Include conf.d/*.conf\n");
    Files.writeString(
        dir.resolve("conf.d/10-bastion.conf"),
        "Host 127.0.0.1\n  ProxyJump bastion\n\nHost bastion\n  HostName 127.0.0.1\n  Port "
            + bastion.port()
            + "\n");
    SshSettings settings = ssh.settings().withSshDir(dir, dir.resolve("config"));
    try (Connection c = new SshConnectionFactory(settings).open(ssh.spec("web1", target))) {
      assertEquals(target.workDir().toRealPath().toString(), workingDir(c));
    }
    assertEquals(List.of("127.0.0.1:" + target.port()), bastion.forwardedTo());

    // ProxyJump none in the inventory's arguments beats the config: straight to the target
    Map<String, Object> direct = Map.of("ansible_ssh_common_args", "-o ProxyJump=none");
    try (Connection c = new SshConnectionFactory(settings).open(ssh.spec("web1", target, direct))) {
      assertEquals(target.workDir().toRealPath().toString(), workingDir(c));
    }
    assertEquals(1, bastion.forwardedTo().size());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-o ProxyCommand=ssh -W %h:%p bastion",
        "-L 8080:localhost:80",
        "-D 1080",
        "-A",
        "-o StrictHostKeyChecking=no"
      })
  void anUnsupportedSshArgumentFailsThatHostNamingIt(String arg) {
    TestSshHost target = ssh.start();
    String quoted = arg.startsWith("-o ") ? "-o '" + arg.substring(3) + "'" : arg;
    ConnectionException e =
        refused(ssh.settings(), target, Map.of("ansible_ssh_common_args", quoted));
    assertTrue(e.getMessage().startsWith("web1: ansible_ssh_common_args: "), e.getMessage());
    String named = arg.startsWith("-o ") ? arg : arg.split(" ")[0];
    assertTrue(
        e.getMessage().contains("'" + named + "'") || e.getMessage().contains(named + " "),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void supportedArgumentsMapOntoTheConnection() throws Exception {
    TestSshHost target = ssh.start();
    // no ansible_port or key in the inventory: -p and -i from the arguments are used
    Map<String, Object> vars = new java.util.HashMap<>();
    vars.put("ansible_host", "127.0.0.1");
    vars.put(
        "ansible_ssh_common_args",
        "-p "
            + target.port()
            + " -i "
            + ssh.clientKey()
            + " -l "
            + ssh.user()
            + " -o ConnectTimeout=3 -o ServerAliveInterval=7 -o StrictHostKeyChecking=yes"
            + " -o UserKnownHostsFile="
            + ssh.knownHosts());
    try (Connection c =
        new SshConnectionFactory(ssh.settings().withKnownHosts(List.of()))
            .open(io.pagetune.connection.ConnectionSpec.fromVars("web1", vars))) {
      assertEquals(target.workDir().toRealPath().toString(), workingDir(c));
    }
  }
}
