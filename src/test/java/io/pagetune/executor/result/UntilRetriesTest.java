package io.pagetune.executor.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** until/retries/delay on a real (local) host through the CLI: a counter file counts attempts. */
class UntilRetriesTest {
  @TempDir Path tmp;

  private CliRun run(String retryKeys, String... extra) throws Exception {
    Path inv = Files.writeString(tmp.resolve("hosts.ini"), "w1 ansible_connection=local\n");
    Path counter = tmp.resolve("counter");
    Path book =
        Files.writeString(
            tmp.resolve("until.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: count\n"
                + "      shell: n=$(cat "
                + counter
                + " 2>/dev/null || echo 0); n=$((n+1)); echo $n > "
                + counter
                + "; echo $n\n"
                + "      register: out\n"
                + retryKeys
                + "    - debug:\n"
                + "        msg: \"attempts=${out.attempts} stdout=${out.stdout}\"\n");
    String[] base = {"run", book.toString(), "-i", inv.toString(), "--progress", "none"};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.of(args);
  }

  private int count() throws Exception {
    return Integer.parseInt(Files.readString(tmp.resolve("counter")).strip());
  }

  @Test
  void retriesUntilTheConditionHoldsAndRegistersTheAttempts() throws Exception {
    CliRun r = run("      until: out.stdout == \"3\"\n      retries: 5\n      delay: 0\n");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(3, count());
    assertTrue(r.out().contains("attempts=3 stdout=3"), r.toString());
  }

  @Test
  void failsOnceTheRetriesAreUsedUp() throws Exception {
    CliRun r = run("      until: out.stdout == \"99\"\n      retries: 2\n      delay: 0\n");
    assertEquals(2, r.exitCode(), r.toString());
    assertEquals(3, count()); // the first attempt and 2 retries
    assertTrue(
        r.out()
            .contains(
                "until.yml:4:7: task 'count' until still false after 3 attempts (out.stdout =="
                    + " \"99\")"),
        r.toString());
  }

  @Test
  void delayWaitsBetweenAttempts() throws Exception {
    long start = System.nanoTime();
    CliRun r = run("      until: out.stdout == \"2\"\n      retries: 3\n      delay: 1\n");
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(2, count());
    assertTrue(millis >= 1000, "took only " + millis + " ms");
  }

  @Test
  void retriesWithoutUntilIsAnErrorNotSilence() throws Exception {
    CliRun r = run("      retries: 3\n");
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(
        r.err().contains("until.yml:7:16: retries without until does nothing in pagetune"),
        r.toString());
  }
}
