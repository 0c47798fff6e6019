package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance: a host whose command output and facts hold {@code ${…}}, {@code <#include>} and
 * {@code <#list>} bombs. Over real SSH, in --check and in apply mode, the values arrive byte for
 * byte wherever they are used, nothing is evaluated, no other host's variable leaks, and the other
 * host completes. Each test runs the same playbook written in FreeMarker and in Jinja2.
 */
class HostDataTrustTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path FIXTURES = Path.of("src/test/resources/executor/trust");
  private static final String SECRET = "s3cret-of-other-host";

  /** What the hostile host's file says: templates, an include, a bomb, a ported shell script. */
  static final String PAYLOAD =
      "secret=${hostvars[\"other\"].secret}\n"
          + "<#include \"/etc/passwd\">\n"
          + "<#list 1..2000000 as i>${i}x</#list>\n"
          + "<@bogus/> <#assign secret = hostvars.other.secret>${secret}\n"
          + "#!/bin/sh\n"
          + "echo \"${PAGER:+$PAGER}\" ${1:-default} $((1+2)) #{legacy}\n"
          + "{{ hostvars['other'].secret }} {{ ''.__class__ }} {{ x.getClass() }}\n"
          + "{% for i in range(10**7) %}{{ i }}x{% endfor %} {{ lookup('pipe','id') }}\n";

  /** What the hostile host's {@code uname -n} says (a fact). */
  static final String NODENAME =
      "${hostvars[\"other\"].secret}<#include \"/etc/passwd\"><#list 1..2000000 as i>${i}</#list>"
          + "{{ hostvars[\"other\"].secret }}{{ lookup(\"pipe\",\"id\") }}{% for i in range(9) %}";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private record Fleet(TestSshHost evil, TestSshHost other, Path inventory) {}

  private Fleet fleet() throws Exception {
    Path bin = Files.createDirectories(ssh.root().resolve("evil-bin"));
    String realUname = Files.exists(Path.of("/usr/bin/uname")) ? "/usr/bin/uname" : "/bin/uname";
    Path uname = bin.resolve("uname");
    Files.writeString(
        uname,
        "#!/bin/sh\n"
            + "if [ \"$1\" = -n ]; then printf '%s\\n' '"
            + NODENAME
            + "'; exit 0; fi\n"
            + "exec "
            + realUname
            + " \"$@\"\n");
    Files.setPosixFilePermissions(uname, PosixFilePermissions.fromString("rwxr-xr-x"));
    TestSshHost evil = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    TestSshHost other = ssh.start(TestSshHost.Options.defaults());
    Files.writeString(evil.workDir().resolve("payload.txt"), PAYLOAD);
    Files.writeString(other.workDir().resolve("payload.txt"), "plain text\n");
    Path inventory = ssh.root().resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  vars:\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n  hosts:\n"
            + "    evil:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + evil.port()
            + "\n      root: "
            + evil.workDir()
            + "\n"
            + "    other:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + other.port()
            + "\n      root: "
            + other.workDir()
            + "\n      secret: "
            + SECRET
            + "\n");
    return new Fleet(evil, other, inventory);
  }

  private CliRun run(Fleet f, String playbook, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                FIXTURES.resolve(playbook).toString(),
                "-i",
                f.inventory().toString(),
                "--known-hosts",
                ssh.knownHosts().toString(),
                "--progress",
                "none"));
    args.addAll(List.of(extra));
    return CliRun.of(args.toArray(new String[0]));
  }

  private static String recap(String out, String host) {
    for (String line : out.split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap for " + host + " in\n" + out);
  }

  private static void assertNoLeak(String where, String text) {
    assertFalse(text.contains(SECRET), where + " shows the other host's secret:\n" + text);
    assertFalse(text.contains("root:x:0:0"), where + " shows /etc/passwd:\n" + text);
  }

  private static JsonNode result(String jsonOut, String host, String task) throws Exception {
    for (String line : jsonOut.split("\n")) {
      JsonNode e = JSON.readTree(line);
      if (e.get("event").asText().equals("host_result")
          && e.get("host").asText().equals(host)
          && e.get("task").asText().equals(task)) {
        return e;
      }
    }
    throw new AssertionError("no result of '" + task + "' on " + host + " in\n" + jsonOut);
  }

  @ParameterizedTest
  @ValueSource(strings = {"host-data.yml", "host-data-jinja.yml"})
  void checkModePassesHostDataThroughUntouched(String playbook) throws Exception {
    Fleet f = fleet();
    CliRun check = run(f, playbook, "--check", "--output", "json");
    assertEquals(0, check.exitCode(), check.toString());
    assertNoLeak("the --check output", check.out() + check.err());
    String stdout = PAYLOAD.substring(0, PAYLOAD.length() - 1);
    JsonNode show = result(check.out(), "evil", "show");
    assertEquals(stdout, show.get("result").get("out.stdout").asText());
    JsonNode fact = result(check.out(), "evil", "show fact");
    assertEquals("node=" + NODENAME, fact.get("result").get("msg").asText());
    assertEquals(
        "changed",
        result(check.out(), "evil", "conditions see the data as data").get("status").asText());
    assertEquals(
        "ok",
        result(check.out(), "other", "conditions see the data as data").get("status").asText());
    assertEquals(
        "changed", result(check.out(), "other", "a later task still runs").get("status").asText());
    try (Stream<Path> files = Files.list(f.evil().workDir())) {
      assertEquals(List.of("payload.txt"), files.map(p -> p.getFileName().toString()).toList());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"host-data.yml", "host-data-jinja.yml"})
  void applyWritesHostDataBackByteForByteAndTheOtherHostCompletes(String playbook)
      throws Exception {
    Fleet f = fleet();
    CliRun apply = run(f, playbook);
    assertEquals(0, apply.exitCode(), apply.toString());
    assertNoLeak("the run output", apply.out() + apply.err());
    assertTrue(recap(apply.out(), "evil").contains(" failed=0 "), apply.out());
    assertTrue(recap(apply.out(), "other").contains(" failed=0 "), apply.out());
    assertTrue(
        apply.out().contains("<#list 1..2000000 as i>${i}x</#list>"),
        "debug shows the text as it is:\n" + apply.out());

    Path evil = f.evil().workDir();
    String stdout = PAYLOAD.substring(0, PAYLOAD.length() - 1);
    assertEquals(
        PAYLOAD,
        Files.readString(evil.resolve("roundtrip.txt"), StandardCharsets.UTF_8),
        "the ported script round-trips byte for byte");
    assertEquals(
        stdout + "|" + NODENAME + "|" + NODENAME + "\n",
        Files.readString(evil.resolve("facts.txt")));
    assertEquals(
        stdout + "\n--\n" + NODENAME + "\n", Files.readString(evil.resolve("templated.txt")));
    assertEquals(PAYLOAD, Files.readString(evil.resolve("lines.txt")));
    assertEquals("done\n", Files.readString(evil.resolve("done.txt")));
    try (Stream<Path> files = Files.list(evil)) {
      for (Path p : files.toList()) {
        assertNoLeak(p.toString(), Files.readString(p));
      }
    }
    Path other = f.other().workDir();
    assertEquals("plain text\n", Files.readString(other.resolve("roundtrip.txt")));
    assertEquals("done\n", Files.readString(other.resolve("done.txt")));

    CliRun again = run(f, playbook);
    assertEquals(0, again.exitCode(), again.toString());
    // host data is stable: the rerun changes nothing; 'read' always reports a change, and
    // the probe on evil because its changed_when sees the text
    assertTrue(
        recap(again.out(), "evil").contains(" changed=2 unreachable=0 failed=0 "), again.out());
    assertTrue(
        recap(again.out(), "other").contains(" changed=1 unreachable=0 failed=0 "), again.out());
  }
}
