package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.report.junit.JUnitSchema;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --report --junit} on two rehearsal Solaris web servers (lab connection, roots in a
 * temp dir): the HTML shows each host's state, page state, diff and restart window; the JUnit XML
 * validates and shows what check mode would change.
 */
class RunReportFilesTest {
  @TempDir Path tmp;

  private Path inventory() throws Exception {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"solaris_web.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    solaris_web:\n      hosts:\n"
            + "        sol-web256: {ansible_connection: lab, pagetune_lab_root: '"
            + tmp.resolve("roots/sol-web256")
            + "'}\n"
            + "        sol-web4m: {ansible_connection: lab, pagetune_lab_root: '"
            + tmp.resolve("roots/sol-web4m")
            + "'}\n");
    return inv.resolve("lab.yml");
  }

  @Test
  void checkRunWritesTheFleetReportAndJUnit() throws Exception {
    Path report = tmp.resolve("fleet.html");
    Path junit = tmp.resolve("fleet.xml");
    CliRun run =
        CliRun.of(
            "run",
            "playbooks/solaris-mpss.yml",
            "-i",
            inventory().toString(),
            "--check",
            "--diff",
            "--progress",
            "none",
            "--report",
            report.toString(),
            "--junit",
            junit.toString());
    assertEquals(0, run.exitCode(), run::toString);
    String html = Files.readString(report);
    for (String host : new String[] {"sol-web256", "sol-web4m"}) {
      assertTrue(
          html.contains("data-host=\"" + host + "\" data-state=\"would-change\""), host + html);
    }
    assertTrue(html.contains("MPSSHEAP"), "the startserv diff is in the report");
    assertTrue(html.contains("<pre class=\"diff\">--- before: "), html);
    // the page state table and the restart with its window in the window's zone
    assertTrue(html.contains("<h3>page state</h3>"), html);
    assertTrue(html.contains("web server") && html.contains("in window web-weeknights at"), html);
    assertFalse(html.contains("<script"), html);

    String xml = Files.readString(junit);
    JUnitSchema.validate(xml);
    assertTrue(xml.contains("<testsuite name=\"sol-web256\""), xml);
    assertTrue(xml.contains("<system-out>would change"), xml);
    assertTrue(xml.contains("would restart: web server"), xml);
  }

  @Test
  void aReportInAMissingDirectoryIsBadInputBeforeAnyHost() throws Exception {
    CliRun run =
        CliRun.of(
            "run",
            "playbooks/solaris-mpss.yml",
            "-i",
            inventory().toString(),
            "--check",
            "--report",
            tmp.resolve("no/such/dir/r.html").toString());
    assertEquals(4, run.exitCode(), run::toString);
    assertTrue(run.err().contains("--report"), run.err());
    assertFalse(run.out().contains("TASK ["), "no host was contacted: " + run.out());
  }
}
