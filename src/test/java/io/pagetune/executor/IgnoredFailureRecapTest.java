package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A failure that {@code ignore_errors} lets pass counts in the recap as ansible-playbook counts it:
 * as {@code ok} and {@code ignored}, and as {@code changed} too when the failed result says it
 * changed (a failed command always does). ansible-playbook 2.14 prints {@code ok=3 changed=1
 * ignored=2} for this play (found by the differential corpus, AnsibleCompatInteropTest).
 */
class IgnoredFailureRecapTest {
  @TempDir Path tmp;

  @Test
  void anIgnoredFailureCountsAsOkAndAsChangedWhenItsResultChanged() throws Exception {
    Path inventory =
        Files.writeString(
            tmp.resolve("hosts.yml"), "all:\n  hosts:\n    h1:\n      ansible_connection: local\n");
    Path playbook =
        Files.writeString(
            tmp.resolve("p.yml"),
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: a failing command, ignored
                  command: "false"
                  ignore_errors: true
                - name: a fail, ignored
                  fail:
                    msg: stop
                  ignore_errors: true
                - name: an ok task
                  debug:
                    msg: hi
            """);
    CliRun run =
        CliRun.of(
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--state",
            "none",
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(
        run.out()
            .lines()
            .anyMatch(
                l ->
                    l.matches(
                        "h1\\s+: ok=3\\s+changed=1\\s+unreachable=0\\s+failed=0\\s+skipped=0"
                            + "\\s+rescued=0\\s+ignored=2\\s*")),
        run.toString());
  }
}
