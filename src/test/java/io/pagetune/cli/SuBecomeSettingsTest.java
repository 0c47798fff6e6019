package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshInventoryHost;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * su as Ansible configures it, over SSH to hosts whose su is a stand-in that checks the password it
 * reads: {@code --become-method su}, ansible.cfg's {@code become_method} and {@code become_flags},
 * the play and task keywords and the inventory variables; flags that would put a secret into argv
 * or break file operations refused with file and line before any host is contacted.
 */
class SuBecomeSettingsTest {
  private static final String PASSWORD = "su-s3cret";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private TestSshHost server;

  private Path inventory(String hostVars) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path su = bin.resolve("su");
    Files.copy(SuBecomeSettingsTest.class.getResourceAsStream("/connection/ssh/fake-su"), su);
    Files.setPosixFilePermissions(su, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    server = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    String entry =
        SshInventoryHost.entry(ssh, server, "db1", Files.createDirectories(dir.resolve("db1")));
    return Files.writeString(dir.resolve("hosts.yml"), "all:\n  hosts:\n" + entry + hostVars);
  }

  private CliRun adhoc(Map<String, String> env, Path inventory, String... args) {
    List<String> all = new ArrayList<>(List.of("adhoc", "all", "-o"));
    all.addAll(List.of(args));
    all.addAll(List.of("-i", inventory.toString(), "--known-hosts", ssh.knownHosts().toString()));
    return CliRun.withEnv(withState(env), all.toArray(new String[0]));
  }

  private CliRun play(Map<String, String> env, Path inventory, String book) throws Exception {
    Path site = Files.writeString(dir.resolve("site.yml"), book);
    return CliRun.withEnv(
        withState(env),
        "run",
        site.toString(),
        "-i",
        inventory.toString(),
        "--known-hosts",
        ssh.knownHosts().toString(),
        "--progress",
        "none");
  }

  private Map<String, String> withState(Map<String, String> env) {
    Map<String, String> all = new HashMap<>(env);
    all.put("PAGETUNE_STATE", dir.resolve("state.db").toString());
    return all;
  }

  private Map<String, String> config(String text) throws Exception {
    Path cfg = Files.writeString(dir.resolve("ansible.cfg"), text);
    return Map.of("ANSIBLE_CONFIG", cfg.toString(), "PAGETUNE_BECOME_PASSWORD", PASSWORD);
  }

  private List<String> suLog() throws Exception {
    return Files.readAllLines(dir.resolve("bin/su.log"));
  }

  @Test
  void becomeMethodSuFromTheCommandLineAndFromAnsibleCfg() throws Exception {
    Path inv = inventory("");
    Map<String, String> pw = Map.of("PAGETUNE_BECOME_PASSWORD", PASSWORD);
    String echo = "echo \"as:$FAKE_SU_USER\"";
    CliRun cli =
        adhoc(
            pw,
            inv,
            "-b",
            "--become-method",
            "su",
            "--become-user",
            "oracle",
            "-m",
            "shell",
            "-a",
            echo);
    assertEquals("db1 | CHANGED | rc=0 | (stdout) as:oracle\n", cli.out(), cli.toString());
    assertEquals(List.of("flags:"), suLog(), "su gets no flags by default");

    Map<String, String> env =
        config("[privilege_escalation]\nbecome = yes\nbecome_method = su\nbecome_flags = -l\n");
    CliRun cfg = adhoc(env, inv, "-m", "shell", "-a", echo);
    assertEquals("db1 | CHANGED | rc=0 | (stdout) as:root\n", cfg.out(), cfg.toString());
    assertEquals("flags: -l", suLog().get(1));
  }

  @Test
  void aFlagThatWouldPutASecretIntoArgvIsRefusedBeforeAnyHost() throws Exception {
    Path inv = inventory("");
    Map<String, String> env =
        config("[privilege_escalation]\nbecome = yes\nbecome_method = su\nbecome_flags = -c id\n");
    CliRun cfg = adhoc(env, inv, "-m", "ping");
    assertEquals(4, cfg.exitCode(), cfg.toString());
    assertTrue(
        cfg.err()
            .contains(
                "[privilege_escalation] become_flags:1:1: become_flags for su: '-c' pagetune"
                    + " passes the command itself"),
        cfg.err());

    CliRun secret =
        play(
            Map.of(),
            inv,
            "- hosts: all\n"
                + "  become: true\n"
                + "  tasks:\n"
                + "    - ping:\n"
                + "      become_flags: -H -S hunter2\n");
    assertEquals(4, secret.exitCode(), secret.toString());
    assertTrue(
        secret.err().contains("site.yml:5:21: become_flags for sudo: '…' not a flag"),
        secret.err());
    assertFalse((secret.out() + secret.err()).contains("hunter2"), secret.toString());

    CliRun pty =
        play(
            Map.of(),
            inv,
            "- hosts: all\n  become: true\n  become_method: su\n  become_flags: --pty\n"
                + "  tasks:\n    - ping:\n");
    assertEquals(4, pty.exitCode(), pty.toString());
    assertTrue(
        pty.err()
            .contains(
                "site.yml:4:17: become_flags for su: '--pty' a pseudo-terminal would mix the"
                    + " command's output streams"),
        pty.err());
    assertTrue(server.loginUsers().isEmpty(), "a host was contacted");
  }

  @Test
  void aPlayBecomesThroughSuAndAWrongPasswordIsOneLine() throws Exception {
    Path inv = inventory("      ansible_become_method: su\n");
    String book =
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  become: true\n"
            + "  become_user: oracle\n"
            + "  tasks:\n"
            + "    - shell: echo \"as:$FAKE_SU_USER\"\n"
            + "      register: who\n"
            + "      become_flags: -s /bin/sh\n"
            + "    - assert: { that: \"who.stdout == 'as:oracle'\" }\n";
    CliRun right = play(Map.of("PAGETUNE_BECOME_PASSWORD", PASSWORD), inv, book);
    assertEquals(0, right.exitCode(), right.toString());
    assertEquals(List.of("flags: -s /bin/sh"), suLog());

    CliRun wrong = play(Map.of("PAGETUNE_BECOME_PASSWORD", "not-it"), inv, book);
    assertEquals(2, wrong.exitCode(), wrong.toString());
    List<String> fatal = wrong.out().lines().filter(l -> l.contains("[db1]")).toList();
    assertTrue(
        fatal.stream()
            .anyMatch(
                l -> l.endsWith("db1: su to oracle refused: su: Authentication" + " failure")),
        wrong.out());
    assertFalse((wrong.out() + wrong.err()).contains("Exception"), wrong.toString());
    assertFalse((wrong.out() + wrong.err()).contains("not-it"), wrong.toString());
  }
}
