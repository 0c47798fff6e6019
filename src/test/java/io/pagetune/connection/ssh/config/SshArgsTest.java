package io.pagetune.connection.ssh.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SshArgsTest {
  @Test
  void splitsLikeAShell() {
    assertEquals(
        List.of("-o", "ProxyCommand=ssh -W %h:%p b", "-J", "a b", "x\"y", "-p22"),
        SshArgs.split("  -o 'ProxyCommand=ssh -W %h:%p b' -J a\\ b \"x\\\"y\"\t-p22 "));
    assertThrows(IllegalArgumentException.class, () -> SshArgs.split("-o 'open"));
  }

  @Test
  void mapsTheSupportedOptionsAndTheFirstValueWins() {
    SshArgs a =
        SshArgs.fromVars(
            Map.of(
                "ansible_ssh_common_args",
                "-o ProxyJump=ops@b1:2200,[::1]:22 -p2222 -l deploy -i ~/.ssh/k1"
                    + " -o ConnectTimeout=4 -o 'ServerAliveInterval 9' -o StrictHostKeyChecking=yes"
                    + " -o UserKnownHostsFile=/etc/ssh/kh1",
                "ansible_ssh_extra_args",
                "-J other -p 2 -o Port=3 -i k2 -o User=root"));
    assertEquals(
        List.of(new JumpHost("ops", "b1", 2200), new JumpHost(null, "::1", 22)), a.jumps());
    assertEquals(2222, a.port());
    assertEquals("deploy", a.user());
    assertEquals(List.of("~/.ssh/k1", "k2"), a.identityFiles());
    assertEquals(Duration.ofSeconds(4), a.connectTimeout());
    assertEquals(Duration.ofSeconds(9), a.keepaliveInterval());
    assertEquals(HostKeyChecking.STRICT, a.hostKeyChecking());
    assertEquals(List.of(Path.of("/etc/ssh/kh1")), a.knownHostsFiles());
  }

  @Test
  void noArgumentsAndProxyJumpNone() {
    assertEquals(SshArgs.NONE, SshArgs.fromVars(Map.of()));
    assertEquals(List.of(), SshArgs.fromVars(Map.of("ansible_ssh_common_args", "-J none")).jumps());
    assertNull(SshArgs.fromVars(Map.of("ansible_ssh_common_args", "-p 22")).jumps());
  }

  @Test
  void argumentsThatCannotBeHonouredAreNamed() {
    for (String[] c :
        new String[][] {
          {"-o 'ProxyCommand=nc %h %p'", "'-o ProxyCommand=nc %h %p' is not supported"},
          {"-A", "'-A' is not supported"},
          {"-C -p 22", "'-C' is not supported"},
          {"-o ForwardAgent=yes", "'-o ForwardAgent=yes' is not supported"},
          {"-o StrictHostKeyChecking=no", "-o StrictHostKeyChecking=no is not honoured per host"},
          {"-p http", "-p http: expected a number"},
          {"-J", "ssh option -J needs a value"},
          {"bastion", "'bastion' is not an ssh option"},
          {"-J user@:22", "ProxyJump hop 'user@:22' has no valid host name"},
          {"-J b:99999", "invalid port: 99999"},
        }) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> SshArgs.fromVars(Map.of("ansible_ssh_extra_args", c[0])),
              c[0]);
      assertTrue(e.getMessage().startsWith("ansible_ssh_extra_args: "), e.getMessage());
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
    }
  }

  @Test
  void jumpHostForms() {
    assertEquals(new JumpHost(null, "b", null), JumpHost.parse("b"));
    assertEquals(new JumpHost("u", "b.example", 2022), JumpHost.parse("ssh://u@b.example:2022"));
    assertEquals(new JumpHost(null, "fe80::1", null), JumpHost.parse("fe80::1"));
    assertEquals(new JumpHost("u", "fe80::1", 22), JumpHost.parse("u@[fe80::1]:22"));
  }
}
