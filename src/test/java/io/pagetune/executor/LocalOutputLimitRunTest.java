package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local-connection host is bounded by pagetune_max_output_bytes as an SSH host is: its runaway
 * output or endless read fails that host alone with the same message, and the other host's results
 * are kept (before, the output was held whole and could end the run out of memory).
 */
class LocalOutputLimitRunTest {
  private static final long LIMIT = 1 << 20;

  @TempDir Path dir;

  @Test
  void aRunawayLocalHostFailsAloneAndTheOthersResultsAreKept() throws Exception {
    Path motd = Files.writeString(dir.resolve("motd"), "hello\n");
    Files.createDirectories(dir.resolve("noisy"));
    Files.createDirectories(dir.resolve("quiet"));
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  vars:\n    ansible_connection: local\n    pagetune_max_output_bytes: "
                + LIMIT
                + "\n  hosts:\n"
                + host("noisy", 3 * LIMIT, "/dev/zero")
                + host("quiet", 100, motd.toString()));
    Path play =
        Files.writeString(
            dir.resolve("play.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: stdout\n      shell: \"head -c ${size} /dev/zero\"\n"
                + "      ignore_errors: true\n"
                + "    - name: stderr\n      shell: \"head -c ${size} /dev/zero >&2\"\n"
                + "      ignore_errors: true\n"
                + "    - name: slurp\n      slurp: { src: \"${source}\" }\n"
                + "      ignore_errors: true\n"
                + "    - name: after\n      copy: { dest: \"${root}/after\", content: \"ok\\n\" }\n");
    CliRun run = CliRun.of("run", play.toString(), "-i", inv.toString(), "--progress", "none");
    List<String> fatal = run.out().lines().filter(l -> l.startsWith("fatal: [noisy]")).toList();
    assertEquals(3, fatal.size(), run.toString());
    assertTrue(fatal.get(0).contains("noisy: the output of 'head -c "), fatal.get(0));
    assertTrue(fatal.get(1).contains("noisy: the error output of 'head -c "), fatal.get(1));
    assertTrue(fatal.get(2).contains("noisy: the read of /dev/zero"), fatal.get(2));
    String limit = "went past the limit of " + LIMIT + " bytes and was stopped";
    for (String line : fatal) {
      assertTrue(line.contains(limit) && line.contains("pagetune_max_output_bytes"), line);
      assertTrue(line.length() < 400, line);
    }
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("quiet\\s+: ok=4 .*failed=0.*")), run.toString());
    assertTrue(
        run.out().lines().anyMatch(l -> l.matches("noisy\\s+: ok=4 .*failed=0 .*ignored=3.*")),
        run.toString());
    assertEquals("ok\n", Files.readString(dir.resolve("quiet/after")));
    assertEquals("ok\n", Files.readString(dir.resolve("noisy/after")));
    assertFalse(run.err().contains("Exception"), run.toString());
    assertEquals(0, run.exitCode(), run.toString());
  }

  private String host(String name, long size, String source) {
    return "    "
        + name
        + ":\n      size: "
        + size
        + "\n      source: "
        + source
        + "\n      root: "
        + dir.resolve(name)
        + "\n";
  }
}
