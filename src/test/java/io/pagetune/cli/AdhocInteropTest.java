package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.OpenSshFixture;
import io.pagetune.testing.SshServerExtension;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pagetune adhoc} and Debian's {@code ansible} (installed by .ci/interop-setup) on the same
 * hosts, one loopback OpenSSH sshd under two inventory names: the same result per host for {@code
 * -m ping} and for {@code -m shell -a …}, succeeding and failing, one line each with {@code -o}.
 */
@Tag("interop")
class AdhocInteropTest {
  private static final Path ANSIBLE = Path.of("/usr/bin/ansible");
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private Path inventory;

  @Test
  void pingAndShellGiveAnsiblesResultPerHost() throws Exception {
    Assumptions.assumeTrue(OpenSshFixture.available(), "openssh-server is not installed");
    Assumptions.assumeTrue(Files.isExecutable(ANSIBLE), "ansible is not installed");
    try (OpenSshFixture sshd = ssh.startOpenSsh("sshd", true)) {
      String vars =
          " ansible_host=127.0.0.1 ansible_port="
              + sshd.port()
              + " ansible_user="
              + ssh.user()
              + " ansible_ssh_private_key_file="
              + ssh.clientKey()
              + "\n";
      inventory = Files.writeString(dir.resolve("hosts.ini"), "db1" + vars + "db2" + vars);

      Result ansiblePing = ansible("-m", "ping");
      Result pagetunePing = pagetune("-m", "ping");
      assertEquals(0, ansiblePing.exit(), ansiblePing.toString());
      assertEquals(0, pagetunePing.exit(), pagetunePing.toString());
      assertEquals(pingResults(ansiblePing), pingResults(pagetunePing));
      assertEquals(
          Map.of("db1", "SUCCESS false pong", "db2", "SUCCESS false pong"),
          pingResults(pagetunePing));

      String[] shell = {"-m", "shell", "-a", "echo hi; id -un; echo warn >&2"};
      Result ansibleShell = ansible(shell);
      Result pagetuneShell = pagetune(shell);
      assertEquals(0, ansibleShell.exit(), ansibleShell.toString());
      assertEquals(0, pagetuneShell.exit(), pagetuneShell.toString());
      // the whole line: host, status, rc, stdout and stderr as ansible -o prints them
      assertEquals(ansibleShell.lines(), pagetuneShell.lines());
      assertEquals(
          "db1 | CHANGED | rc=0 | (stdout) hi\\n" + ssh.user() + " (stderr) warn",
          pagetuneShell.lines().get("db1"));

      String[] failing = {"-m", "shell", "-a", "echo partial; exit 3", "--limit", "db2"};
      Result ansibleFailed = ansible(failing);
      Result pagetuneFailed = pagetune(failing);
      assertEquals(2, ansibleFailed.exit(), ansibleFailed.toString());
      assertEquals(2, pagetuneFailed.exit(), pagetuneFailed.toString());
      assertEquals(failure(ansibleFailed, "db2"), failure(pagetuneFailed, "db2"));
      assertEquals("FAILED! 3 partial true", failure(pagetuneFailed, "db2"));
    }
  }

  /** Each host's status, changed and ping from {@code -o} lines. */
  private static Map<String, String> pingResults(Result r) throws Exception {
    Map<String, String> out = new TreeMap<>();
    for (Map.Entry<String, String> e : r.lines().entrySet()) {
      String[] parts = e.getValue().split(" \\| | => ", 3);
      JsonNode result = JSON.readTree(parts[2]);
      out.put(
          e.getKey(),
          parts[1] + " " + result.get("changed").asText() + " " + result.get("ping").asText());
    }
    return out;
  }

  /** A failed host's status, rc, stdout and changed. */
  private static String failure(Result r, String host) throws Exception {
    String[] parts = r.lines().get(host).split(" \\| | => ", 3);
    JsonNode result = JSON.readTree(parts[2]);
    return parts[1]
        + " "
        + result.get("rc").asInt()
        + " "
        + result.get("stdout").asText()
        + " "
        + result.get("changed").asBoolean();
  }

  private Result pagetune(String... args) {
    List<String> all = new ArrayList<>(List.of("adhoc", "all", "-o"));
    all.addAll(List.of(args));
    all.addAll(List.of("-i", inventory.toString(), "--known-hosts", ssh.knownHosts().toString()));
    CliRun r =
        CliRun.withEnv(
            Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()),
            all.toArray(String[]::new));
    return new Result(r.exitCode(), r.out(), r.err());
  }

  private Result ansible(String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of(ANSIBLE.toString(), "all", "-o"));
    argv.addAll(List.of(args));
    argv.addAll(List.of("-i", inventory.toString()));
    ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile());
    pb.environment().put("HOME", dir.toString());
    pb.environment().put("ANSIBLE_LOCAL_TEMP", dir.resolve("tmp").toString());
    pb.environment().put("ANSIBLE_NOCOLOR", "1");
    pb.environment().put("ANSIBLE_PYTHON_INTERPRETER", "auto_silent");
    // the same trust as pagetune's: the fixture's host key only, strictly
    pb.environment()
        .put(
            "ANSIBLE_SSH_ARGS",
            "-o UserKnownHostsFile="
                + ssh.knownHosts()
                + " -o StrictHostKeyChecking=yes -o ControlMaster=no -o IdentitiesOnly=yes");
    pb.redirectError(dir.resolve("ansible.err").toFile());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "ansible did not finish");
    return new Result(p.exitValue(), out, Files.readString(dir.resolve("ansible.err")));
  }

  private record Result(int exit, String out, String err) {
    /** Each host's one line of {@code -o} output, by host. */
    Map<String, String> lines() {
      Map<String, String> byHost = new TreeMap<>();
      out.lines()
          .filter(l -> l.contains(" | "))
          .forEach(l -> byHost.put(l.substring(0, l.indexOf(" | ")), l));
      return byHost;
    }
  }
}
