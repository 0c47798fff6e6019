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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pagetune adhoc} over SSH (in-process servers): Ansible's output lines per host, its exit
 * codes as the README documents them, and the engine's check mode, journal, secret masking and host
 * key checking as for {@code run}.
 */
class AdhocCommandTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private CliRun adhoc(Path inventory, String... args) {
    List<String> all = new ArrayList<>(List.of("adhoc"));
    all.addAll(List.of(args));
    all.addAll(List.of("-i", inventory.toString(), "--known-hosts", ssh.knownHosts().toString()));
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  private Path inventory(String... hosts) throws Exception {
    StringBuilder yml = new StringBuilder("all:\n  hosts:\n");
    for (String h : hosts) {
      yml.append(h);
    }
    return Files.writeString(dir.resolve("hosts.yml"), yml);
  }

  private String host(TestSshHost server, String name) throws Exception {
    Path root = Files.createDirectories(dir.resolve(name));
    return SshInventoryHost.entry(ssh, server, name, root);
  }

  @Test
  void pingAnswersPongPerHostAndAnUnreachableHostExitsThree() throws Exception {
    // a host whose key is not trusted is unreachable, as one that does not answer
    TestSshHost stranger = ssh.startUnknown(TestSshHost.Options.defaults());
    Path inv =
        inventory(host(ssh.start(), "web1"), host(ssh.start(), "web2"), host(stranger, "gone"));
    CliRun r = adhoc(inv, "all", "-m", "ping");
    assertEquals(3, r.exitCode(), r.toString());
    for (String h : List.of("web1", "web2")) {
      assertTrue(
          r.out()
              .contains(h + " | SUCCESS => {\n    \"changed\": false,\n    \"ping\": \"pong\"\n}"),
          r.toString());
    }
    assertTrue(r.out().contains("gone | UNREACHABLE! => {\n    \"changed\": false,\n"), r.out());
    assertTrue(r.out().contains("\"unreachable\": true\n}"), r.out());
    assertFalse(r.out().contains("PLAY RECAP"), "ansible prints no recap ad hoc");

    CliRun one = adhoc(inv, "web1", "-m", "ping", "-o");
    assertEquals(0, one.exitCode(), one.toString());
    assertEquals("web1 | SUCCESS => {\"changed\": false,\"ping\": \"pong\"}\n", one.out());
  }

  @Test
  void shellPrintsItsOutputAfterTheHeaderAndAFailureExitsTwo() throws Exception {
    Path inv = inventory(host(ssh.start(), "db1"));
    CliRun ok = adhoc(inv, "db1", "-m", "shell", "-a", "echo hi; echo err >&2");
    assertEquals(0, ok.exitCode(), ok.toString());
    assertEquals("db1 | CHANGED | rc=0 >>\nhierr\n", ok.out());

    CliRun line = adhoc(inv, "db1", "-m", "shell", "-a", "echo hi; echo two; echo e >&2", "-o");
    assertEquals("db1 | CHANGED | rc=0 | (stdout) hi\\ntwo (stderr) e\n", line.out());

    CliRun failed = adhoc(inv, "db1", "-m", "shell", "-a", "echo out; exit 3");
    assertEquals(2, failed.exitCode(), failed.toString());
    assertTrue(failed.out().startsWith("db1 | FAILED | rc=3 >>\nout"), failed.out());

    CliRun failedLine = adhoc(inv, "db1", "-m", "shell", "-a", "exit 3", "-o");
    assertTrue(failedLine.out().startsWith("db1 | FAILED! => {"), failedLine.out());
    assertTrue(failedLine.out().contains("\"rc\": 3,"), failedLine.out());
  }

  @Test
  void commandTakesChdirFromItsFreeFormAndIsSkippedInCheckMode() throws Exception {
    Path inv = inventory(host(ssh.start(), "db1"));
    Path sub = Files.createDirectories(dir.resolve("db1/sub dir"));
    CliRun r = adhoc(inv, "db1", "-a", "chdir='" + sub + "' pwd");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals("db1 | CHANGED | rc=0 >>\n" + sub + "\n", r.out());

    CliRun check = adhoc(inv, "db1", "-m", "shell", "-a", "touch made", "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertEquals("db1 | SKIPPED\n", check.out());
  }

  @Test
  void checkModePredictsTheChangeAndTheApplyIsJournaledAndIdempotent() throws Exception {
    Path inv = inventory(host(ssh.start(), "web1"));
    Path file = dir.resolve("web1/hugepages.conf");
    String args = "dest=${root}/hugepages.conf content='vm.nr_hugepages = 64\n' mode=0644";

    CliRun check = adhoc(inv, "web1", "-m", "copy", "-a", args, "--check");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().startsWith("web1 | CHANGED => {"), check.out());
    assertFalse(Files.exists(file), "check mode changed the host");

    CliRun apply = adhoc(inv, "web1", "-m", "copy", "-a", args);
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(apply.out().startsWith("web1 | CHANGED => {"), apply.out());
    assertEquals("vm.nr_hugepages = 64\n", Files.readString(file));

    CliRun again = adhoc(inv, "web1", "-m", "copy", "-a", args);
    assertTrue(again.out().startsWith("web1 | SUCCESS => {"), again.out());

    CliRun history =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()),
            "history",
            "--output",
            "json");
    assertTrue(history.out().contains(io.pagetune.playbook.AdhocPlay.NAME), history.toString());
  }

  @Test
  void aSecretGivenWithExtraVarsIsMaskedInTheResult() throws Exception {
    Path inv = inventory(host(ssh.start(), "web1"));
    CliRun r =
        adhoc(
            inv,
            "web1",
            "-m",
            "debug",
            "-a",
            "msg=pw=${db_password}",
            "-e",
            "db_password=S3cret-4711");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().startsWith("web1 | SUCCESS => {"), r.out());
    assertFalse(r.out().contains("S3cret-4711"), r.out());
  }

  @Test
  void anUnknownHostKeyMakesTheHostUnreachable() throws Exception {
    TestSshHost stranger = ssh.startUnknown(TestSshHost.Options.defaults());
    Path inv = inventory(host(stranger, "new1"));
    CliRun r = adhoc(inv, "all", "-m", "ping", "-o");
    assertEquals(3, r.exitCode(), r.toString());
    assertTrue(r.out().startsWith("new1 | UNREACHABLE!: "), r.out());
    assertTrue(r.out().contains("unknown"), r.out());
  }

  @Test
  void anUnknownModuleOrBadArgumentIsInputErrorBeforeAnyHostIsContacted() throws Exception {
    TestSshHost server = ssh.start();
    Path inv = inventory(host(server, "web1"));
    CliRun typo = adhoc(inv, "all", "-m", "pingg");
    assertEquals(4, typo.exitCode(), typo.toString());
    assertEquals("-m:1:1: unknown module 'pingg'; did you mean 'ping'?\n", typo.err());
    CliRun bad = adhoc(inv, "all", "-m", "sysctl", "-a", "name=vm.nr_hugepages valu=4");
    assertEquals(4, bad.exitCode(), bad.toString());
    assertTrue(bad.err().startsWith("-a:1:1: sysctl: unknown argument 'valu'"), bad.err());
    assertTrue(server.loginUsers().isEmpty(), "a host was contacted");
  }
}
