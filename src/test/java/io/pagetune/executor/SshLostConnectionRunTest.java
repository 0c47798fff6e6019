package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.AtomicWriteScript;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.StallingProxy;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Whole runs whose connection is lost in the middle of each kind of work: the host is UNREACHABLE
 * in the recap with one line naming it, never FAILED with a raw I/O error, and the file the task
 * was writing is untouched.
 */
class SshLostConnectionRunTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  /** Where the connection drops. */
  enum Where {
    COMMAND(true, false, h -> h.dropOnCommand("pagetune-drop-me")),
    FACT_GATHERING(true, true, h -> h.dropOnCommand("@@pt-")),
    SFTP_FILE(true, false, TestSshHost::dropOnSftpOpen),
    // a small write goes to the host's shell session as one script; without a session it streams
    // into "cat" (SshConnectionLostTest covers that path)
    SHELL_PUT(false, false, h -> h.dropOnCommand(AtomicWriteScript.READ_BACK)),
    SHELL_GET(false, false, h -> h.dropOnCommand("exec cat --"));

    final boolean sftp;
    final boolean facts;
    final Consumer<TestSshHost> arm;

    Where(boolean sftp, boolean facts, Consumer<TestSshHost> arm) {
      this.sftp = sftp;
      this.facts = facts;
      this.arm = arm;
    }
  }

  private Path inventory(int port, Path root) throws Exception {
    Path inv = ssh.root().resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  hosts:\n    web1:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + port
            + "\n      ansible_user: "
            + ssh.user()
            + "\n      ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n      root: "
            + root
            + "\n");
    return inv;
  }

  private Path playbook(boolean facts, String tasks) throws Exception {
    Path p = ssh.root().resolve("play.yml");
    Files.writeString(p, "- hosts: all\n  gather_facts: " + facts + "\n  tasks:\n" + tasks);
    return p;
  }

  private CliRun run(Path playbook, Path inventory, String... more) {
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
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }

  private static void assertUnreachableInOneLine(CliRun run) {
    assertEquals(3, run.exitCode(), run.toString());
    List<String> fatal = run.out().lines().filter(l -> l.startsWith("fatal: [web1]")).toList();
    assertEquals(1, fatal.size(), run.toString());
    assertTrue(fatal.get(0).contains("UNREACHABLE!"), fatal.get(0));
    assertTrue(fatal.get(0).contains("web1: connection dropped"), fatal.get(0));
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("web1\\s+: .*unreachable=1\\s+failed=0.*")),
        run.toString());
    assertFalse(run.out().contains("Exception"), run.toString());
    assertFalse(run.err().contains("Exception"), run.toString());
  }

  @ParameterizedTest
  @EnumSource(Where.class)
  void aConnectionLostMidTaskMakesTheHostUnreachable(Where where) throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(where.sftp));
    Path target = host.workDir().resolve("motd");
    Files.writeString(target, "old\n");
    // a write above the session write's limit (256 KB) streams over SFTP where the server has it
    String tasks =
        where == Where.COMMAND
            ? "    - shell: echo pagetune-drop-me; sleep 5\n"
            : where == Where.SFTP_FILE
                ? "    - copy: { dest: \"${root}/motd\", content: \"${''?left_pad(300000, 'x')}\" }\n"
                : "    - copy: { dest: \"${root}/motd\", content: \"new\\n\" }\n";
    where.arm.accept(host);
    CliRun run = run(playbook(where.facts, tasks), inventory(host.port(), host.workDir()));
    assertUnreachableInOneLine(run);
    assertEquals("old\n", Files.readString(target));
  }

  @Test
  void aHostThatStopsAnsweringIsCutWithinTheTaskTimeoutAndGrace() throws Exception {
    TestSshHost host = ssh.start();
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      Path go = host.workDir().resolve("go");
      Path play =
          playbook(
              false,
              "    - name: stalls\n      shell: touch " + go + "; sleep 60\n      timeout: 2\n");
      // the network goes silent once the command has started on the host (waited for up to 60 s:
      // connecting is slow on a loaded machine, and a freeze before it tests the handshake)
      java.util.concurrent.atomic.AtomicLong frozenAt =
          new java.util.concurrent.atomic.AtomicLong();
      Thread freezer =
          new Thread(
              () -> {
                for (int i = 0; i < 6000 && !Files.exists(go); i++) {
                  try {
                    Thread.sleep(10);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
                proxy.freeze();
                frozenAt.set(System.nanoTime());
              });
      freezer.start();
      CliRun run = run(play, inventory(proxy.port(), host.workDir()));
      freezer.join();
      assertTrue(frozenAt.get() != 0, "the command never started: " + run);
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - frozenAt.get());
      assertUnreachableInOneLine(run);
      assertTrue(
          run.out().contains("no answer from web1 within 5 s (command timeout 2 s + 3 s grace)"),
          run.out());
      // from the moment the host went silent: the 2 s timeout plus the grace for the kill, the
      // close and the liveness question (it used to be 80 s for a 20 s timeout)
      assertTrue(seconds < 15, "took " + seconds + " s");
    }
  }

  @Test
  void aHostFrozenBeforeFactGatheringIsCutAtTheRunsTimeoutPlusTheGrace() throws Exception {
    TestSshHost host = ssh.start();
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      Path play = playbook(true, "    - shell: echo never\n");
      // the network goes silent once the host is asked for its first channel: the facts' (waited
      // for up to 60 s, as connecting is slow on a loaded machine)
      Thread freezer =
          new Thread(
              () -> {
                for (int i = 0; i < 6000 && host.execRequests() == 0; i++) {
                  try {
                    Thread.sleep(10);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
                proxy.freeze();
              });
      freezer.start();
      CliRun run = run(play, inventory(proxy.port(), host.workDir()), "--timeout", "2");
      freezer.join();
      assertUnreachableInOneLine(run);
      // before any task, fact gathering waits as long as --timeout says, then the grace
      assertTrue(
          run.out().contains("no answer from web1 within 5 s (command timeout 2 s + 3 s grace)"),
          run.out());
      assertFalse(run.out().contains("never"), run.out());
    }
  }
}
