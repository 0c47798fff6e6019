package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code local_action}, {@code ignore_unreachable} and {@code throttle} as ansible-playbook 2.14.18
 * runs them: each playbook here was run with it too (Jinja, as written), and each recap and order
 * cited is what it gave. The unreachable host is an SSH host on a closed port beside one served by
 * the in-process SSH server.
 */
class TaskKeywordsRunTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static int closedPort() throws Exception {
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** An inventory of {@code web} (the SSH server) and {@code gone} (a closed port). */
  private Path sshInventory() throws Exception {
    List<TestSshHost> up = ssh.start(1, TestSshHost.Options.defaults());
    Path inv = ssh.root().resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  vars:\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n  hosts:\n"
            + "    web:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + up.get(0).port()
            + "\n    gone:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + closedPort()
            + "\n");
    return inv;
  }

  private CliRun run(Path inventory, String playbook, String... extra) throws Exception {
    Path book = Files.writeString(ssh.root().resolve("site.yml"), playbook);
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                book.toString(),
                "-i",
                inventory.toString(),
                "--known-hosts",
                ssh.knownHosts().toString(),
                "--state",
                "none",
                "--progress",
                "none"));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(String[]::new));
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
  void ignoreUnreachableCountsTheHostOkAndIgnoredAndItGoesOn() throws Exception {
    CliRun r =
        run(
            sshInventory(),
            """
            - hosts: all
              gather_facts: false
              tasks:
                - command: echo one
                  ignore_unreachable: true
                  register: r
                - local_action: { module: debug, msg: "was unreachable" }
                  when: r.unreachable is defined and r.unreachable
                - command: echo two
                - debug: { msg: three }
            """);
    // ansible-playbook: "fatal: [gone]: UNREACHABLE! => …" then "...ignoring"; the debug (on the
    // control node: pagetune opens the host's connection for any module) sees r.unreachable; the
    // next command is unreachable again and ends the host.
    // Recap gone: ok=2 changed=0 unreachable=1 failed=0 skipped=0 rescued=0 ignored=1,
    // web: ok=3 changed=2 unreachable=0 failed=0 skipped=1 (its first debug is skipped)
    assertEquals(
        "gone : ok=2 changed=0 unreachable=1 failed=0 skipped=0 rescued=0 ignored=1",
        recap(r, "gone"));
    assertEquals(
        "web : ok=3 changed=2 unreachable=0 failed=0 skipped=1 rescued=0 ignored=0",
        recap(r, "web"));
    assertTrue(
        r.out().matches("(?s).*fatal: \\[gone\\]: UNREACHABLE! => [^\\n]*\\n\\.\\.\\.ignoring.*"),
        r.out());
    assertTrue(r.out().contains("ok: [gone] => was unreachable"), r.out());
    assertEquals(3, r.exitCode(), r.toString());
  }

  @Test
  void ignoreUnreachableOnThePlayReachesEveryTaskAndBlock() throws Exception {
    CliRun r =
        run(
            sshInventory(),
            """
            - hosts: all
              gather_facts: false
              ignore_unreachable: true
              tasks:
                - command: echo one
                - block:
                    - command: echo two
            """);
    // ansible-playbook (the same play on the closed-port host alone): both UNREACHABLE and
    // "...ignoring"; gone: ok=2 changed=0 unreachable=0 failed=0 … ignored=2
    assertEquals(
        "gone : ok=2 changed=0 unreachable=0 failed=0 skipped=0 rescued=0 ignored=2",
        recap(r, "gone"));
    assertEquals(0, r.exitCode(), r.toString());
  }

  @Test
  void localActionRunsItsModuleOnTheControlNodeInBothForms() throws Exception {
    Path out = Files.createDirectories(ssh.root().resolve("out"));
    CliRun r =
        run(
            sshInventory(),
            """
            - hosts: gone
              gather_facts: false
              tasks:
                - local_action: command touch {{ out }}/string-form
                - local_action:
                    module: copy
                    content: "{{ inventory_hostname }}\\n"
                    dest: "{{ out }}/dict-form"
                  delegate_to: elsewhere
            """,
            "-e",
            "out=" + out);
    // ansible-playbook: "changed: [far -> localhost]" twice, the delegate_to beside local_action
    // overridden; recap ok=2 changed=2 unreachable=0 although the host itself is unreachable
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(
        "gone : ok=2 changed=2 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recap(r, "gone"));
    assertTrue(Files.exists(out.resolve("string-form")), r.toString());
    assertEquals("gone\n", Files.readString(out.resolve("dict-form")));
  }

  @Test
  void localActionOfAnIncludeIsRefusedAtLoad() throws Exception {
    CliRun r =
        run(
            sshInventory(),
            """
            - hosts: all
              gather_facts: false
              tasks:
                - local_action: include_tasks other.yml
            """);
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(
        r.err().contains("site.yml:4:") && r.err().contains("'include_tasks' is not one"),
        r.toString());
  }

  /** Three local hosts, each appending when it starts and ends a task to {@code order}. */
  private CliRun throttled(String playbook, Path order) throws Exception {
    Path inv =
        Files.writeString(
            ssh.root().resolve("local.ini"),
            "h1 ansible_connection=local\nh2 ansible_connection=local\n"
                + "h3 ansible_connection=local\n");
    return run(inv, playbook, "--forks", "3", "-e", "order=" + order);
  }

  @Test
  void throttleRunsAtMostThatManyHostsAtOnce() throws Exception {
    Path order = ssh.root().resolve("order");
    CliRun r =
        throttled(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: one at a time
                  shell: "echo start >> {{ order }}; sleep 0.3; echo end >> {{ order }}"
                  throttle: 1
                - block:
                    - name: two at a time
                      shell: "echo start >> {{ order }}2; sleep 0.5; echo end >> {{ order }}2"
                  throttle: 2
            """,
            order);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook -f 3: the first task's start and end alternate (one host at a time); the
    // second's file read "start start end end start end": never more than two at once
    assertEquals(
        List.of("start", "end", "start", "end", "start", "end"), Files.readAllLines(order));
    List<String> two = Files.readAllLines(Path.of(order + "2"));
    assertEquals(2, mostAtOnce(two), two.toString());
    assertEquals(6, two.size(), two.toString());
  }

  /** The most tasks running at once, from their start and end lines. */
  private static int mostAtOnce(List<String> lines) {
    int now = 0;
    int most = 0;
    for (String line : lines) {
      now += line.equals("start") ? 1 : -1;
      most = Math.max(most, now);
    }
    return most;
  }

  @Test
  void aTemplatedThrottleIsRefusedAtLoad() throws Exception {
    CliRun r =
        throttled(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - command: echo x
                  throttle: "{{ n }}"
            """,
            ssh.root().resolve("unused"));
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("site.yml:5:"), r.toString());
    assertFalse(r.out().contains("changed: [h1]"), r.out());
  }
}
