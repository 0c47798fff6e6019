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
 * Become as Ansible configures it, over SSH to hosts whose sudo is a stand-in that checks the
 * password on stdin: ansible.cfg's {@code [privilege_escalation]}, {@code --become-method} (sudo
 * only, any other refused before a host is contacted), and a refused sudo as one line per host.
 */
class BecomeSettingsTest {
  private static final String PASSWORD = "become-s3cret";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private TestSshHost hostWithFakeSudo(String name, boolean nopasswd) throws Exception {
    Path bin = Files.createDirectories(dir.resolve(name + "-bin"));
    Path sudo = bin.resolve("sudo");
    Files.copy(BecomeSettingsTest.class.getResourceAsStream("/connection/ssh/fake-sudo"), sudo);
    Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), PASSWORD + "\n");
    if (nopasswd) {
      Files.writeString(bin.resolve("nopasswd"), "");
    }
    return ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
  }

  private Path inventory(String... entries) throws Exception {
    return Files.writeString(
        dir.resolve("hosts.yml"), "all:\n  hosts:\n" + String.join("", entries));
  }

  private String entry(TestSshHost server, String name) throws Exception {
    return SshInventoryHost.entry(ssh, server, name, Files.createDirectories(dir.resolve(name)));
  }

  private CliRun adhoc(Map<String, String> env, Path inventory, String... args) {
    List<String> all = new ArrayList<>(List.of("adhoc", "all", "-o"));
    all.addAll(List.of(args));
    all.addAll(List.of("-i", inventory.toString(), "--known-hosts", ssh.knownHosts().toString()));
    Map<String, String> withState = new HashMap<>(env);
    withState.put("PAGETUNE_STATE", dir.resolve("state.db").toString());
    return CliRun.withEnv(withState, all.toArray(new String[0]));
  }

  private Map<String, String> config(String text) throws Exception {
    Path cfg = Files.writeString(dir.resolve("ansible.cfg"), text);
    return Map.of("ANSIBLE_CONFIG", cfg.toString());
  }

  @Test
  void privilegeEscalationInAnsibleCfgBecomesTheConfiguredUser() throws Exception {
    Path inv = inventory(entry(hostWithFakeSudo("db1", true), "db1"));
    Map<String, String> env =
        config(
            "[privilege_escalation]\nbecome = True\nbecome_user = oracle\nbecome_method = sudo\n");
    CliRun r = adhoc(env, inv, "-m", "shell", "-a", "echo \"as:$FAKE_SUDO_USER\"");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals("db1 | CHANGED | rc=0 | (stdout) as:oracle\n", r.out());
    assertFalse(r.err().contains("privilege_escalation"), "still warned about: " + r.err());

    // --become-user beats ansible.cfg's become_user
    CliRun user =
        adhoc(
            env,
            inv,
            "--become-user",
            "sapadm",
            "-m",
            "shell",
            "-a",
            "echo \"as:$FAKE_SUDO_USER\"");
    assertEquals("db1 | CHANGED | rc=0 | (stdout) as:sapadm\n", user.out());

    // without become the same command runs as the login user
    CliRun plain = adhoc(Map.of(), inv, "-m", "shell", "-a", "echo \"as:$FAKE_SUDO_USER\"");
    assertEquals("db1 | CHANGED | rc=0 | (stdout) as:\n", plain.out());
  }

  @Test
  void aBecomeMethodOtherThanSudoOrSuIsRefusedBeforeAnyHostIsContacted() throws Exception {
    TestSshHost server = hostWithFakeSudo("db1", true);
    Path inv = inventory(entry(server, "db1"));
    CliRun runas = adhoc(Map.of(), inv, "-b", "--become-method", "runas", "-m", "ping");
    assertEquals(4, runas.exitCode(), runas.toString());
    assertTrue(
        runas.err().startsWith("--become-method:1:1: become method 'runas' is not supported"),
        runas.err());

    Map<String, String> env =
        config("[privilege_escalation]\nbecome = yes\nbecome_method = doas\n");
    CliRun doas = adhoc(env, inv, "-m", "ping");
    assertEquals(4, doas.exitCode(), doas.toString());
    assertTrue(
        doas.err().contains("[privilege_escalation] become_method:1:1: become method 'doas'"),
        doas.err());
    assertTrue(server.loginUsers().isEmpty(), "a host was contacted");

    Path book =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  become: true\n  become_method: pbrun\n  tasks:\n    - ping:\n");
    CliRun play = CliRun.of("run", book.toString(), "-i", inv.toString(), "--state", "none");
    assertEquals(4, play.exitCode(), play.toString());
    assertTrue(
        play.err().contains("site.yml:3:18: become method 'pbrun' is not supported"), play.err());
  }

  @Test
  void aRefusedSudoIsOneClearLinePerHost() throws Exception {
    Path inv =
        inventory(
            entry(hostWithFakeSudo("db1", false), "db1"),
            entry(hostWithFakeSudo("db2", false), "db2"));
    CliRun r = adhoc(Map.of(), inv, "-b", "-m", "ping");
    assertEquals(2, r.exitCode(), r.toString());
    for (String host : List.of("db1", "db2")) {
      assertTrue(
          r.out()
              .contains(
                  host
                      + " | FAILED! => {\"changed\": false,\"msg\": \""
                      + host
                      + ": sudo to root refused: Sorry, try again. sudo: 1 incorrect password"
                      + " attempt (no become password was given: use --ask-become-pass,"
                      + " PAGETUNE_BECOME_PASSWORD or ansible_become_password)\"}"),
          r.out());
    }
    assertFalse((r.out() + r.err()).contains("Exception"), r.toString());

    CliRun wrong =
        adhoc(
            Map.of("PAGETUNE_BECOME_PASSWORD", "not-it"),
            inv,
            "-b",
            "-m",
            "ping",
            "--limit",
            "db1");
    assertEquals(2, wrong.exitCode(), wrong.toString());
    assertTrue(
        wrong
            .out()
            .contains(
                "db1 | FAILED! => {\"changed\": false,\"msg\": \"db1: sudo to root refused:"
                    + " Sorry, try again. sudo: 1 incorrect password attempt\"}"),
        wrong.out());
    assertFalse(wrong.out().contains("not-it"), wrong.out());

    CliRun right = adhoc(Map.of("PAGETUNE_BECOME_PASSWORD", PASSWORD), inv, "-b", "-m", "ping");
    assertEquals(0, right.exitCode(), right.toString());
  }
}
