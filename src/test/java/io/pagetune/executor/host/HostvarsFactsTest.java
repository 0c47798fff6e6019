package io.pagetune.executor.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.facts.Distribution;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Over real SSH: {@code hostvars[h]} holds h's gathered facts once they are gathered, and only
 * then; a fact holding template syntax reaches another host's template byte for byte, never
 * evaluated; {@code debug: var:} prints the value, or {@code VARIABLE IS NOT DEFINED!}, as
 * ansible-playbook does.
 */
class HostvarsFactsTest {
  private static final Path PLAYBOOK = Path.of("src/test/resources/executor/hostvars/facts.yml");
  private static final String SECRET = "s3cret-of-other-host";

  /** What the hostile host's {@code uname -n} says. */
  private static final String NODENAME = "${hostvars[\"other\"].secret}<#assign x = 1>${x}";

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

  /** This machine's distribution, worked out here from its files, not through pagetune's run. */
  private static String localDistribution() throws IOException {
    Map<String, String> os = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
      int eq = line.indexOf('=');
      if (eq > 0 && !line.startsWith("#")) {
        os.put(line.substring(0, eq), line.substring(eq + 1).replaceAll("^[\"']|[\"']$", ""));
      }
    }
    Path debian = Path.of("/etc/debian_version");
    String debianVersion = Files.exists(debian) ? Files.readString(debian) : null;
    return Distribution.of(
            new Distribution.Sources("Linux", null, null, os, debianVersion, null, null, null))
        .distribution();
  }

  private static long localMemtotalMb() throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
      if (line.startsWith("MemTotal:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
      }
    }
    throw new AssertionError("no MemTotal in /proc/meminfo");
  }

  private CliRun run(Fleet f, Path playbook) {
    return CliRun.of(
        "run",
        playbook.toString(),
        "-i",
        f.inventory().toString(),
        "--known-hosts",
        ssh.knownHosts().toString(),
        "--progress",
        "none");
  }

  @Test
  void hostvarsHoldGatheredFactsAsDataAndDebugVarPrintsLikeAnsible() throws Exception {
    Fleet f = fleet();
    CliRun run = run(f, PLAYBOOK);
    assertEquals(0, run.exitCode(), run.toString());
    String out = run.out();
    assertFalse(out.contains(SECRET), "the secret leaked into the output:\n" + out);

    // before any gathering: Ansible's words, under the expression's name
    assertTrue(
        out.contains(
            "ok: [other] => {\n"
                + "    \"hostvars['evil'].ansible_nodename\": \"VARIABLE IS NOT DEFINED!\"\n"
                + "}"),
        out);
    String distribution = localDistribution();
    assertTrue(
        out.contains("ok: [evil] => {\n    \"ansible_distribution\": \"" + distribution + "\"\n}"),
        out);
    // after gathering: the other host's fact, printed as JSON, not evaluated
    assertTrue(
        out.contains(
            "ok: [other] => {\n"
                + "    \"hostvars['evil'].ansible_nodename\": \""
                + NODENAME.replace("\"", "\\\"")
                + "\"\n}"),
        out);

    // the fqdn: no resolver knows that node name, so it stands as it is (never evaluated)
    for (TestSshHost h : List.of(f.evil(), f.other())) {
      assertEquals(
          NODENAME
              + "|"
              + distribution
              + "|"
              + localMemtotalMb()
              + "|"
              + SECRET
              + "|"
              + NODENAME
              + "\n",
          Files.readString(h.workDir().resolve("seen.txt")),
          "hostvars in " + h.workDir());
    }
    assertEquals(NODENAME + "\n", Files.readString(f.other().workDir().resolve("later.txt")));
  }

  @Test
  void debugVarReportsABrokenExpressionAsAnErrorAndAMissingOneAsNotDefined() throws Exception {
    Fleet f = fleet();
    CliRun run = run(f, Path.of("src/test/resources/executor/hostvars/broken-var.yml"));
    // a template error is an input error: the run says so in its exit code even when ignored
    assertEquals(4, run.exitCode(), run.toString());
    String out = run.out();
    int broken = out.indexOf("TASK [a broken expression is an error, not an undefined variable]");
    int missing = out.indexOf("TASK [a missing key on the way]");
    assertTrue(broken > 0 && missing > broken, out);
    String brokenBlock = out.substring(broken, missing);
    assertTrue(brokenBlock.contains("fatal: [other]: FAILED! => "), brokenBlock);
    assertTrue(brokenBlock.contains("in 'groups + 1'"), brokenBlock);
    assertTrue(brokenBlock.contains("...ignoring"), brokenBlock);
    assertFalse(brokenBlock.contains("NOT DEFINED"), brokenBlock);
    assertTrue(
        out.substring(missing)
            .contains("ok: [other] => {\n    \"no_such_map.key\": \"VARIABLE IS NOT DEFINED!\"\n}"),
        out);
    assertTrue(
        out.contains(
            "ok: [other] => {\n"
                + "    \"[1, 'two', ['x']]\": [\n"
                + "        1,\n"
                + "        \"two\",\n"
                + "        [\n"
                + "            \"x\"\n"
                + "        ]\n"
                + "    ]\n"
                + "}"),
        out);
  }
}
