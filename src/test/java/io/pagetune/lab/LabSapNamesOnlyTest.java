package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * An IBM i host whose process table shows program names only (no pf=, no instance names): the SAP
 * system is pending restart after the profile change, converges once restarted, and a stopped
 * system is not running rather than effective.
 */
class LabSapNamesOnlyTest {
  @TempDir Path tmp;

  private Path inventory() throws IOException {
    Path root = tmp.resolve("roots/pase-names");
    copy(Path.of("lab/hosts/pase-nwp"), root);
    Files.writeString(root.resolve(".state/ps-names-only"), "");
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"sap_ibmi.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    Files.writeString(
        inv.resolve("lab.yml"),
        String.join(
            "\n",
            "all:",
            "  children:",
            "    sap_ibmi:",
            "      hosts:",
            "        pase-names: {ansible_connection: lab, pagetune_lab_root: '" + root + "'}",
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

  private static CliRun run(String playbook, Path inventory, String... more) {
    String[] args = new String[4 + more.length];
    args[0] = "run";
    args[1] = playbook.contains("/") ? playbook : "playbooks/" + playbook;
    args[2] = "-i";
    args[3] = inventory.toString();
    System.arraycopy(more, 0, args, 4, more.length);
    return CliRun.of(args);
  }

  private static JsonNode ldrCntrl(Path inv) throws IOException {
    CliRun json = run("sap-64k-pages.yml", inv, "--output", "json");
    for (String line : json.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("host_result")
          && e.path("task").asText().startsWith("Ensure LDR_CNTRL")) {
        return e.get("result");
      }
    }
    throw new AssertionError("no LDR_CNTRL result: " + json);
  }

  private static int recap(CliRun r, String key) {
    Matcher m = Pattern.compile("pase-names\\s+:.*\\b" + key + "=(\\d+)").matcher(r.out());
    assertTrue(m.find(), r::toString);
    return Integer.parseInt(m.group(1));
  }

  @Test
  void processesWithoutPfConvergeAfterTheRestartAndAStoppedSystemIsNotRunning() throws Exception {
    Path inv = inventory();
    CliRun check = run("sap-64k-pages.yml", inv, "--check");
    assertEquals(0, check.exitCode(), check::toString);
    assertEquals(1, recap(check, "pending_restarts"));
    CliRun apply = run("sap-64k-pages.yml", inv);
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(1, recap(apply, "changed"));
    assertEquals(1, recap(apply, "pending_restarts"));

    JsonNode before = ldrCntrl(inv);
    assertTrue(before.get("persisted").asBoolean(), before::toString);
    assertFalse(before.get("effective").asBoolean(), before::toString);
    assertTrue(before.get("pending_restart").asBoolean(), before::toString);
    JsonNode d00 = before.get("page_state").get(1);
    assertEquals("sap/NWP/D00", d00.get("target").asText());
    assertTrue(d00.get("pending_restart").asBoolean(), d00::toString);
    assertTrue(
        d00.toString().contains("D00: its processes cannot be told apart (no pf= profile"),
        d00::toString);
    CliRun failing = run("page-verify.yml", inv);
    assertEquals(2, failing.exitCode(), failing::toString);
    assertTrue(failing.out().contains("msg_server"), failing::toString);

    assertEquals(0, run("lab-restart.yml", inv).exitCode());
    JsonNode after = ldrCntrl(inv);
    assertTrue(after.get("effective").asBoolean(), after::toString);
    assertFalse(after.get("pending_restart").asBoolean(), after::toString);
    assertEquals(3, after.get("page_state").size());
    for (JsonNode st : after.get("page_state")) {
      assertTrue(st.get("effective").asBoolean(), st::toString);
      assertFalse(st.get("pending_restart").asBoolean(), st::toString);
    }
    CliRun verified = run("page-verify.yml", inv);
    assertEquals(0, verified.exitCode(), verified::toString);
    CliRun again = run("sap-64k-pages.yml", inv);
    assertEquals(0, recap(again, "changed"), again::toString);
    // the recap names pending restarts only when there are some
    assertFalse(again.out().contains("pending_restarts="), again::toString);
    assertFalse(again.out().contains("pending restart"), again::toString);

    Path stop = tmp.resolve("stop.yml");
    Files.writeString(
        stop,
        String.join(
            "\n",
            "- name: Stop the system",
            "  hosts: pase-names",
            "  gather_facts: false",
            "  tasks:",
            "    - name: StopSystem",
            "      command: sapcontrol -nr 00 -function StopSystem ALL",
            ""));
    assertEquals(0, run(stop.toString(), inv).exitCode());
    JsonNode stopped = ldrCntrl(inv);
    assertFalse(stopped.get("effective").asBoolean(), stopped::toString);
    for (JsonNode st : stopped.get("page_state")) {
      assertFalse(st.get("effective").asBoolean(), st::toString);
      assertTrue(st.toString().contains("not running"), st::toString);
    }
  }
}
