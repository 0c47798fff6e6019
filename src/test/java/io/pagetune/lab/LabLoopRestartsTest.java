package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A loop over two SAP systems where the second is refused for its kernel level: the restart the
 * first requested stays counted in the recap, the JSON stats, the JUnit case and the HTML report.
 */
class LabLoopRestartsTest {
  @TempDir Path tmp;

  private Path setUp() throws IOException {
    Path root = tmp.resolve("roots/pase-two");
    copy(Path.of("lab/hosts/pase-nwp"), root);
    // QAS on a kernel below the note's patch level: 7.53 PL 1000
    Path qas = Files.createDirectories(root.resolve("usr/sap/QAS/SYS/profile"));
    Path nwp = root.resolve("usr/sap/NWP/SYS/profile");
    Files.copy(nwp.resolve("DEFAULT.PFL"), qas.resolve("DEFAULT.PFL"));
    Files.writeString(
        qas.resolve("QAS_D10_sapqas"),
        Files.readString(nwp.resolve("NWP_D00_sapnwpas")).replace("NWP", "QAS"));
    Files.writeString(root.resolve(".state/kernel.qasadm"), "753 1000\n");
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    Files.copy(
        Path.of("inventory/group_vars/sap_ibmi.yml"), inv.resolve("group_vars/sap_ibmi.yml"));
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    sap_ibmi:\n      hosts:\n"
            + "        pase-two: {ansible_connection: lab, pagetune_lab_root: '"
            + root
            + "'}\n");
    Files.writeString(
        tmp.resolve("two.yml"),
        String.join(
            "\n",
            "- name: Two SAP systems",
            "  hosts: pase-two",
            "  tasks:",
            "    - name: Ensure LDR_CNTRL per SID",
            "      sap_ldr_cntrl:",
            "        sid: \"${item}\"",
            "        options: DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K",
            "      loop: [NWP, QAS]",
            ""));
    return inv.resolve("lab.yml");
  }

  private static void copy(Path from, Path to) throws IOException {
    try (java.util.stream.Stream<Path> all = Files.walk(from)) {
      for (Path p : all.sorted().toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  private static int recap(CliRun r, String key) {
    Matcher m = Pattern.compile("pase-two\\s+:.*\\b" + key + "=(\\d+)").matcher(r.out());
    assertTrue(m.find(), r::toString);
    return Integer.parseInt(m.group(1));
  }

  @Test
  void theOtherItemsRestartStaysPendingInEveryReport() throws Exception {
    Path inv = setUp();
    String play = tmp.resolve("two.yml").toString();
    // JSON first, in check mode (the apply below queues the restart once)
    CliRun json = CliRun.of("run", play, "-i", inv.toString(), "--check", "--output", "json");
    JsonNode recap = null;
    for (String line : json.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("run_finished")) {
        recap = e.get("recap").get("pase-two");
      }
    }
    assertTrue(recap != null, "no run_finished event");
    assertEquals(1, recap.get("failed").asInt(), recap::toString);
    assertEquals(1, recap.get("pending_restarts").asInt(), recap::toString);
    for (boolean check : new boolean[] {true, false}) {
      Path junit = tmp.resolve("junit-" + check + ".xml");
      Path html = tmp.resolve("report-" + check + ".html");
      CliRun r =
          check
              ? CliRun.of(
                  "run",
                  play,
                  "-i",
                  inv.toString(),
                  "--check",
                  "--junit",
                  junit.toString(),
                  "--report",
                  html.toString())
              : CliRun.of(
                  "run",
                  play,
                  "-i",
                  inv.toString(),
                  "--junit",
                  junit.toString(),
                  "--report",
                  html.toString());
      assertEquals(2, r.exitCode(), r::toString);
      assertEquals(1, recap(r, "failed"), r::toString);
      assertEquals(1, recap(r, "pending_restarts"), r::toString);
      assertTrue(r.out().contains("QAS"), r::toString);
      String xml = Files.readString(junit);
      assertTrue(xml.contains("restart: SAP system NWP"), xml);
      String page = Files.readString(html);
      assertTrue(page.contains("<h3>restarts</h3><ul class=\"restarts\"><li>SAP system NWP"), page);
    }
  }
}
