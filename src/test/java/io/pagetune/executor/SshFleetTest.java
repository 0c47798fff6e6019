package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Whole runs over SSH against in-process servers: faults end in the recap, not in a crash. */
class SshFleetTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private String hostLine(String name, int port, Path root) {
    return "    "
        + name
        + ":\n      ansible_host: 127.0.0.1\n      ansible_port: "
        + port
        + "\n      root: "
        + root
        + "\n";
  }

  private Path inventory(String hosts) throws Exception {
    Path inv = ssh.root().resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  vars:\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n  hosts:\n"
            + hosts);
    return inv;
  }

  private Path playbook(String tasks) throws Exception {
    Path p = ssh.root().resolve("play.yml");
    Files.writeString(p, "- hosts: all\n  gather_facts: false\n  tasks:\n" + tasks);
    return p;
  }

  private CliRun run(Path playbook, Path inventory, String... extra) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "run",
                playbook.toString(),
                "-i",
                inventory.toString(),
                "--known-hosts",
                ssh.knownHosts().toString(),
                "--progress",
                "none"));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(new String[0]));
  }

  private static String recap(CliRun run, String host) {
    for (String line : run.out().split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap for " + host + "\n" + run);
  }

  @Test
  void unreachableHostsAreReportedAndTheRestCompletes() throws Exception {
    List<TestSshHost> up = ssh.start(3, TestSshHost.Options.defaults());
    StringBuilder hosts = new StringBuilder();
    for (int i = 0; i < up.size(); i++) {
      hosts.append(hostLine("web" + i, up.get(i).port(), up.get(i).workDir()));
    }
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    hosts.append(hostLine("closedport", closed, ssh.root()));
    hosts.append("    nowhere:\n      ansible_host: no-such-host.invalid\n      root: /tmp\n");
    Path play =
        playbook(
            "    - copy: { dest: \"${root}/motd\", content: \"hello ${inventory_hostname}\\n\" }\n");
    CliRun run = run(play, inventory(hosts.toString()));
    assertEquals(3, run.exitCode(), run.toString());
    for (int i = 0; i < 3; i++) {
      assertEquals(
          "web" + i + " : ok=1 changed=1 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
          recap(run, "web" + i));
      assertEquals("hello web" + i + "\n", Files.readString(up.get(i).workDir().resolve("motd")));
    }
    assertTrue(recap(run, "closedport").contains("unreachable=1"), run.toString());
    assertTrue(recap(run, "nowhere").contains("unreachable=1"), run.toString());
    assertTrue(
        run.out().matches("(?s).*fatal: \\[closedport\\]: UNREACHABLE! => .*refused.*"), run.out());
    assertTrue(
        run.out().matches("(?s).*fatal: \\[nowhere\\]: UNREACHABLE! => .*no-such-host.invalid.*"),
        run.out());
  }

  @Test
  void unknownHostKeyAndRefusedKeyAreOneLineEach() throws Exception {
    TestSshHost stranger = ssh.startUnknown(TestSshHost.Options.defaults());
    TestSshHost locked = ssh.start(TestSshHost.Options.defaults());
    Path otherKey =
        io.pagetune.testing.TestKeys.write(
            io.pagetune.testing.TestKeys.ed25519(), ssh.root().resolve("other_key"), null);
    String hosts =
        hostLine("stranger", stranger.port(), stranger.workDir())
            + hostLine("locked", locked.port(), locked.workDir())
            + "      ansible_ssh_private_key_file: "
            + otherKey
            + "\n";
    CliRun run = run(playbook("    - debug: { msg: hi }\n"), inventory(hosts));
    assertEquals(3, run.exitCode(), run.toString());
    String strangerLine = line(run, "fatal: [stranger]");
    assertTrue(strangerLine.contains("SHA256:"), strangerLine);
    String lockedLine = line(run, "fatal: [locked]");
    assertTrue(lockedLine.toLowerCase().contains("auth"), lockedLine);
    assertEquals(1, count(run.out(), "fatal: [locked]"), "no retry storm: " + run.out());
  }

  @Test
  void hungCommandTimesOutIsKilledAndTheRunGoesOn() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults());
    String marker = "pagetune-hang-" + System.nanoTime();
    Path play =
        playbook(
            "    - name: hang\n      shell: sleep 600; echo "
                + marker
                + "\n      timeout: 2\n      ignore_errors: true\n"
                + "    - name: next\n      copy: { dest: \"${root}/after\", content: \"x\\n\" }\n");
    long start = System.nanoTime();
    CliRun run = run(play, inventory(hostLine("h", host.port(), host.workDir())));
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(seconds < 60, "took " + seconds + "s");
    assertTrue(run.out().contains("timed out"), run.out());
    // the ignored failure counts as ok (as in Ansible) and as changed, since the result of a
    // killed command says changed (ansible-playbook's task timeout result does not)
    assertEquals(
        "h : ok=2 changed=2 unreachable=0 failed=0 skipped=0 rescued=0 ignored=1", recap(run, "h"));
    assertTrue(Files.exists(host.workDir().resolve("after")));
    Process pgrep = new ProcessBuilder("pgrep", "-f", "sleep 600; echo " + marker).start();
    assertEquals(1, pgrep.waitFor(), "the hung command is still running on the host");
  }

  @Test
  void droppedConnectionMidTaskThenRerunConverges() throws Exception {
    List<TestSshHost> up = ssh.start(2, TestSshHost.Options.defaults());
    String hosts =
        hostLine("a", up.get(0).port(), up.get(0).workDir())
            + hostLine("b", up.get(1).port(), up.get(1).workDir());
    Path inv = inventory(hosts);
    Path play =
        playbook(
            "    - copy: { dest: \"${root}/one\", content: \"1\\n\" }\n"
                + "    - name: slow step\n      shell: sleep 3 && touch ${root}/two\n      args: { creates: \"${root}/two\" }\n"
                + "    - copy: { dest: \"${root}/three\", content: \"3\\n\" }\n");
    CompletableFuture<Void> killer =
        CompletableFuture.runAsync(
            () -> {
              try {
                Thread.sleep(1500);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              up.get(0).killSessions();
            });
    CliRun first = run(play, inv);
    killer.get(10, TimeUnit.SECONDS);
    assertTrue(
        recap(first, "a").contains("unreachable=1") || recap(first, "a").contains("failed=1"),
        first.toString());
    assertEquals(
        "b : ok=3 changed=3 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recap(first, "b"));
    assertFalse(Files.exists(up.get(0).workDir().resolve("three")), "a ran past the dropped task");
    assertEquals("1\n", Files.readString(up.get(0).workDir().resolve("one")));
    // the command the dropped session started may still finish on the host: let it settle
    Thread.sleep(3500);
    boolean twoDone = Files.exists(up.get(0).workDir().resolve("two"));
    CliRun again = run(play, inv);
    assertEquals(0, again.exitCode(), again.toString());
    // a: only what is left (the last copy, and the slow step if it did not finish); b: nothing
    assertEquals(
        "a : ok=3 changed="
            + (twoDone ? 1 : 2)
            + " unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recap(again, "a"));
    assertEquals(
        "b : ok=3 changed=0 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recap(again, "b"));
  }

  @Test
  void twoHundredHostsBehindOneLimitedServer() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withHandshakeLimit(10));
    StringBuilder hosts = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      Path root = host.workDir().resolve("h" + i);
      Files.createDirectories(root);
      hosts.append(hostLine(String.format("h%03d", i), host.port(), root));
    }
    CliRun run =
        run(
            playbook("    - copy: { dest: \"${root}/f\", content: \"x\\n\" }\n"),
            inventory(hosts.toString()));
    assertEquals(
        0, run.exitCode(), run.toString().substring(0, Math.min(4000, run.toString().length())));
    assertEquals(200, count(run.out(), "changed: [h"));
  }

  private static String line(CliRun run, String prefix) {
    for (String l : run.out().split("\n")) {
      if (l.startsWith(prefix)) {
        return l;
      }
    }
    throw new AssertionError("no line " + prefix + "\n" + run);
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
