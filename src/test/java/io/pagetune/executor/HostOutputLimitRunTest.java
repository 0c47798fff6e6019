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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One host's runaway output or endless read fails that host alone, with a message naming the limit:
 * the run goes on, and the other host's results are all there (before, a few hundred MB on one host
 * ended the whole run out of memory, exit 6).
 */
class HostOutputLimitRunTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final long LIMIT = 1 << 20;

  /** Each task is a runaway on {@code noisy} and harmless on {@code quiet}. */
  private static final String TASKS =
      "    - name: stdout\n      shell: \"${flood} ${size} /dev/zero\"\n      ignore_errors: true\n"
          + "    - name: stderr\n      shell: \"${flood} ${size} /dev/zero >&2\"\n"
          + "      ignore_errors: true\n"
          + "    - name: slurp\n      slurp: { src: \"${source}\" }\n      ignore_errors: true\n"
          + "    - name: after\n      copy: { dest: \"${root}/after\", content: \"ok\\n\" }\n";

  private Path inventory(TestSshHost noisy, TestSshHost quiet) throws Exception {
    Path motd = quiet.workDir().resolve("motd");
    Files.writeString(motd, "hello\n");
    Path inv = ssh.root().resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  vars:\n    pagetune_max_output_bytes: "
            + LIMIT
            + "\n    ansible_host: 127.0.0.1\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n  hosts:\n"
            + host("noisy", noisy, "head -c", 3 * LIMIT, "/dev/zero")
            + host("quiet", quiet, "head -c", 100, motd.toString()));
    return inv;
  }

  private static String host(String name, TestSshHost h, String flood, long size, String source) {
    return "    "
        + name
        + ":\n      ansible_port: "
        + h.port()
        + "\n      flood: "
        + flood
        + "\n      size: "
        + size
        + "\n      source: "
        + source
        + "\n      root: "
        + h.workDir()
        + "\n";
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aRunawayHostFailsAloneAndTheOthersResultsAreKept(boolean sftp) throws Exception {
    TestSshHost noisy = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    TestSshHost quiet = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path play = ssh.root().resolve("play.yml");
    Files.writeString(play, "- hosts: all\n  gather_facts: false\n  tasks:\n" + TASKS);
    CliRun run =
        CliRun.of(
            "run",
            play.toString(),
            "-i",
            inventory(noisy, quiet).toString(),
            "--known-hosts",
            ssh.knownHosts().toString(),
            "--progress",
            "none");
    List<String> fatal = run.out().lines().filter(l -> l.startsWith("fatal: [noisy]")).toList();
    assertEquals(3, fatal.size(), run.toString());
    String limit = "went past the limit of " + LIMIT + " bytes and was stopped";
    assertTrue(fatal.get(0).contains("noisy: the output of '"), fatal.get(0));
    assertTrue(fatal.get(1).contains("noisy: the error output of '"), fatal.get(1));
    assertTrue(fatal.get(2).contains("noisy: the "), fatal.get(2));
    for (String line : fatal) {
      assertTrue(line.contains(limit) && line.contains("pagetune_max_output_bytes"), line);
      assertTrue(line.length() < 400, line);
    }
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("quiet\\s+: ok=4 .*failed=0.*")), run.toString());
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("noisy\\s+: ok=4 .*failed=0 .*ignored=3.*")),
        run.toString());
    assertEquals("ok\n", Files.readString(quiet.workDir().resolve("after")));
    assertEquals("ok\n", Files.readString(noisy.workDir().resolve("after")));
    assertFalse(run.err().contains("Exception"), run.toString());
    assertEquals(0, run.exitCode(), run.toString());
  }
}
