package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** loop_control's label, index_var and pause on a real (local) host through the CLI. */
class LoopControlTest {
  @TempDir Path tmp;

  private CliRun run(String loopControl, String... extra) throws Exception {
    Path inv = Files.writeString(tmp.resolve("hosts.ini"), "w1 ansible_connection=local\n");
    Path book =
        Files.writeString(
            tmp.resolve("loop.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: items\n"
                + "      command: echo ${idx}-${item.name}\n"
                + "      loop:\n"
                + "        - {name: alpha, secret: hidden-one}\n"
                + "        - {name: beta, secret: hidden-two}\n"
                + "      loop_control:\n"
                + loopControl);
    String[] base = {"run", book.toString(), "-i", inv.toString(), "--progress", "none"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.of(args);
  }

  @Test
  void labelReplacesTheItemAndIndexVarCountsFromZero() throws Exception {
    CliRun r = run("        label: \"${item.name}\"\n        index_var: idx\n", "-v");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("changed: [w1] => (item=alpha)"), r.toString());
    assertTrue(r.out().contains("changed: [w1] => (item=beta)"), r.toString());
    assertFalse(r.out().contains("(item={"), r.toString());
    assertTrue(r.out().contains("\"stdout\":\"0-alpha\""), r.toString());
    assertTrue(r.out().contains("\"stdout\":\"1-beta\""), r.toString());
  }

  @Test
  void pauseWaitsBetweenItemsNotAfterTheLast() throws Exception {
    run("        index_var: idx\n"); // warms the JVM up, so the timings below compare like for like
    long start = System.nanoTime();
    CliRun plain = run("        index_var: idx\n");
    long baseline = (System.nanoTime() - start) / 1_000_000;
    start = System.nanoTime();
    CliRun r = run("        index_var: idx\n        pause: 1.5\n");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, plain.exitCode(), plain.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(millis >= 1500, "took only " + millis + " ms");
    // two items: one pause of 1.5 s; a pause after the last item would add 3 s
    assertTrue(
        millis - baseline < 2900,
        "paused after the last item too: " + millis + " ms vs " + baseline);
  }

  @Test
  void aBadPauseOrIndexVarIsAnInputErrorWithItsLine() throws Exception {
    CliRun pause = run("        index_var: idx\n        pause: soon\n");
    assertEquals(4, pause.exitCode(), pause.toString());
    assertTrue(
        pause.err().contains("loop.yml:11:16: loop_control pause must be a number of seconds"),
        pause.toString());
    CliRun index = run("        index_var: \"my idx\"\n");
    assertEquals(4, index.exitCode(), index.toString());
    assertTrue(
        index.err().contains("loop.yml:10:20: index_var must be a variable name, got 'my idx'"),
        index.toString());
  }
}
