package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each way host data enters variables (register, a play var referring to it, loop items and their
 * {@code when}, set_fact, become_user, handlers, debug var) on local hosts: the data is written
 * back as it is and the other host's secret never shows.
 */
class HostDataEntryPointsTest {
  private static final String PLAYBOOK = "src/test/resources/executor/trust/entry-points.yml";
  private static final String SECRET = "s3cret-of-other";
  private static final String[] LINES = {
    "hostvars[\"other\"].secret",
    "${hostvars[\"other\"].secret}",
    "<#list 1..2000000 as i>x</#list>",
    "echo ${PAGER:+$PAGER}"
  };

  @TempDir Path dir;

  private Path inventory() throws Exception {
    Path hostile = Files.createDirectories(dir.resolve("hostile"));
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(hostile.resolve("payload.txt"), String.join("\n", LINES) + "\n");
    Files.writeString(other.resolve("payload.txt"), "plain\n");
    Path inv = dir.resolve("hosts.yml");
    Files.writeString(
        inv,
        "all:\n  hosts:\n"
            + "    hostile:\n      ansible_connection: local\n      root: "
            + hostile
            + "\n    other:\n      ansible_connection: local\n      root: "
            + other
            + "\n      secret: "
            + SECRET
            + "\n");
    return inv;
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
  void everyEntryPointKeepsHostDataAsData() throws Exception {
    CliRun check = CliRun.of("run", PLAYBOOK, "-i", inventory().toString(), "--check");
    assertFalse(check.out().contains(SECRET), check.out());
    assertTrue(recap(check, "hostile").contains(" failed=0 "), check.toString());

    CliRun run = CliRun.of("run", PLAYBOOK, "-i", inventory().toString());
    assertFalse((run.out() + run.err()).contains(SECRET), run.toString());
    assertTrue(recap(run, "hostile").contains(" failed=0 "), run.toString());
    assertTrue(recap(run, "hostile").contains(" ignored=1"), run.toString());
    assertTrue(recap(run, "other").contains(" failed=0 "), run.toString());
    assertTrue(
        run.out().contains("argument 'var' must be a variable name or expression, without ${...}"),
        run.out());

    Path h = dir.resolve("hostile");
    String stdout = String.join("\n", LINES);
    assertEquals("#" + stdout + "#\n", Files.readString(h.resolve("play-var.txt")));
    for (String line : LINES) {
      assertEquals(line + "\n", Files.readString(h.resolve("item-" + line.length() + ".txt")));
    }
    assertEquals(LINES[0] + "\n", Files.readString(h.resolve("set-fact.txt")));
    assertEquals(stdout + "\n", Files.readString(h.resolve("handler.txt")));
    try (Stream<Path> files = Files.list(h)) {
      for (Path p : files.toList()) {
        assertFalse(Files.readString(p).contains(SECRET), p.toString());
      }
    }
    assertEquals("#plain#\n", Files.readString(dir.resolve("other/play-var.txt")));
  }
}
