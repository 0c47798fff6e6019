package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code show PLAN --report} renders the plan's saved outcomes as the HTML fleet report; {@code
 * apply PLAN --report --junit} writes both files for the apply, the host refused for drift
 * included.
 */
class PlanReportFilesTest {
  @TempDir Path dir;

  private CliRun cli(String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), args);
  }

  private Path plan() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (String h : List.of("alpha", "bravo")) {
      Files.createDirectories(dir.resolve(h));
      Files.writeString(dir.resolve(h).resolve("pages.conf"), "vm.nr_hugepages = 0\n");
      sb.append("    ")
          .append(h)
          .append(": {ansible_connection: local, root: '")
          .append(dir.resolve(h))
          .append("'}\n");
    }
    Path inv = Files.writeString(dir.resolve("hosts.yml"), sb.toString());
    Path book =
        Files.writeString(
            dir.resolve("pool.yml"),
            String.join(
                "\n",
                "- hosts: all",
                "  gather_facts: false",
                "  tasks:",
                "    - name: write the pool setting",
                "      copy: { dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = 512\\n\" }",
                ""));
    Path plan = dir.resolve("chg.plan");
    CliRun check =
        cli("run", book.toString(), "-i", inv.toString(), "--check", "--save-plan", plan + "");
    assertEquals(0, check.exitCode(), check::toString);
    return plan;
  }

  @Test
  void showWritesTheHtmlReportOfThePlan() throws Exception {
    Path plan = plan();
    Path html = dir.resolve("plan.html");
    CliRun show = cli("show", plan.toString(), "--report", html.toString());
    assertEquals(0, show.exitCode(), show::toString);
    String report = Files.readString(html);
    assertTrue(report.startsWith("<!DOCTYPE html>") || report.contains("<html"), report);
    for (String h : List.of("alpha", "bravo")) {
      assertTrue(report.contains(h), h + " in the report");
    }
    assertTrue(report.contains("write the pool setting"), report);
    assertTrue(report.contains("+vm.nr_hugepages = 512"), "the planned diff is in the report");
    assertEquals("vm.nr_hugepages = 0\n", Files.readString(dir.resolve("alpha/pages.conf")));
  }

  @Test
  void applyWritesHtmlAndJunitWithTheRefusedHost() throws Exception {
    Path plan = plan();
    Files.writeString(dir.resolve("bravo/pages.conf"), "vm.nr_hugepages = 7\n");
    Path html = dir.resolve("apply.html");
    Path junit = dir.resolve("apply.xml");
    CliRun apply =
        cli("apply", plan.toString(), "--report", html.toString(), "--junit", junit.toString());
    assertEquals(2, apply.exitCode(), apply::toString);
    assertEquals("vm.nr_hugepages = 512\n", Files.readString(dir.resolve("alpha/pages.conf")));
    String report = Files.readString(html);
    assertTrue(report.contains("alpha"), report);
    assertTrue(report.contains("refused: drifted since plan"), report);
    String xml = Files.readString(junit);
    assertTrue(xml.contains("classname=\"alpha\""), xml);
    assertTrue(xml.contains("classname=\"bravo\""), xml);
    assertTrue(xml.contains("<failure"), "the refused host fails its test case: " + xml);
  }

  @Test
  void aReportInAMissingDirectoryIsRefusedBeforeAnyHost() throws Exception {
    Path plan = plan();
    CliRun apply = cli("apply", plan.toString(), "--report", dir.resolve("no/such/r.html") + "");
    assertEquals(4, apply.exitCode(), apply::toString);
    assertTrue(apply.err().contains("--report"), apply.err());
    assertEquals("vm.nr_hugepages = 0\n", Files.readString(dir.resolve("alpha/pages.conf")));
  }
}
