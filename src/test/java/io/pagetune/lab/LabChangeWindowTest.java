package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change-window life of a lab run: applied outside its windows the restarts are queued (one per
 * SAP system however often it changed), listed with their due times, run by run-due inside the
 * window, verified and journaled; a missed window is never run late; a rollback restores every file
 * byte for byte and a second rollback changes nothing.
 */
class LabChangeWindowTest {
  private static final String MONDAY_MORNING = "2026-11-30T10:00:00+01:00";
  private static final String SUNDAY_IN_WINDOW = "2026-12-06T02:30:00+01:00";

  @TempDir Path tmp;

  private Path inventory() throws IOException {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"sap_ibmi.yml", "solaris_web.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    StringBuilder hosts = new StringBuilder("all:\n  children:\n");
    hosts.append("    sap_ibmi:\n      hosts:\n").append(host("pase-nwp"));
    hosts
        .append("    solaris_web:\n      hosts:\n")
        .append(host("sol-web256"))
        .append(host("sol-web4m"));
    Files.writeString(inv.resolve("lab.yml"), hosts.toString());
    return inv.resolve("lab.yml");
  }

  private String host(String name) {
    return "        "
        + name
        + ": {ansible_connection: lab, pagetune_lab_root: '"
        + root(name)
        + "'}\n";
  }

  private Path root(String host) {
    return tmp.resolve("roots").resolve(host);
  }

  private CliRun cli(String now, String... args) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", tmp.resolve("state.db").toString(), "PAGETUNE_NOW", now), args);
  }

  private static String runId(CliRun run) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(run.out());
    assertTrue(m.find(), run.toString());
    return m.group(1);
  }

  private static long lines(String text, String needle) {
    return text.lines().filter(l -> l.contains(needle)).count();
  }

  @Test
  void queuedOutsideTheWindowRunInsideItThenRolledBack() throws Exception {
    Path inv = inventory();
    String site = "playbooks/site.yml";
    CliRun apply =
        cli(MONDAY_MORNING, "run", site, "-i", inv.toString(), "--limit", "sap_ibmi:solaris_web");
    assertEquals(0, apply.exitCode(), apply.toString());
    String run = runId(apply);
    assertTrue(
        apply
            .out()
            .contains(
                "pending restart: SAP system NWP in window sap-prd-sunday at 2026-12-06 02:00 CET, queued"),
        apply.out());

    // the profile changes again before the window: still one restart of NWP
    Path d00 = root("pase-nwp").resolve("usr/sap/NWP/SYS/profile/NWP_D00_sapnwpas");
    Files.writeString(
        d00, Files.readString(d00).replaceAll("(?m)^SETENV_\\d+ = LDR_CNTRL=.*\\n", ""));
    CliRun again = cli(MONDAY_MORNING, "run", site, "-i", inv.toString(), "--limit", "sap_ibmi");
    assertTrue(
        again
            .out()
            .contains(
                "SAP system NWP in window sap-prd-sunday at 2026-12-06 02:00 CET, merged into the queued restart"),
        again.out());

    CliRun list = cli(MONDAY_MORNING, "schedule", "list");
    assertEquals(1, lines(list.out(), "SAP system NWP"), list.out());
    assertEquals(2, lines(list.out(), "web server /opt/webserver7/https-web1"), list.out());
    assertTrue(list.out().contains("2026-12-06 01:00:00Z"), list.out());
    assertTrue(list.out().contains("2026-11-30 21:30:00Z"), list.out());

    // Sunday 02:30 in Berlin: the SAP window is open; the web servers' Monday window was missed
    CliRun due = cli(SUNDAY_IN_WINDOW, "schedule", "run-due", "-i", inv.toString());
    assertEquals(0, due.exitCode(), due.toString());
    assertTrue(
        due.out().matches("(?s).*DONE\\s+restarted and verified: NWP: all 4 disp\\+work at .*"),
        due.out());
    assertEquals(2, lines(due.out(), "waiting for the window at 2026-12-07T21:30:00Z"), due.out());
    String sapcontrol = Files.readString(root("pase-nwp").resolve(".state/sapcontrol.log"));
    assertTrue(
        sapcontrol.contains("RestartService")
            && sapcontrol.contains("StopSystem")
            && sapcontrol.contains("StartSystem"),
        sapcontrol);

    CliRun history = cli(SUNDAY_IN_WINDOW, "history", run);
    assertEquals(4, lines(history.out(), "[EFFECTIVE]"), history.out());
    assertEquals(
        2, lines(history.out(), "[PENDING]"), "web servers not restarted yet: " + history.out());

    // rollback: every tracked seed file byte for byte again, and a second rollback is a no-op
    CliRun undoAgain = cli(SUNDAY_IN_WINDOW, "rollback", runId(again), "-i", inv.toString());
    assertEquals(0, undoAgain.exitCode(), undoAgain.toString());
    // D00 now holds the hand edit made between the two runs: rollback refuses to overwrite it
    CliRun refused = cli(SUNDAY_IN_WINDOW, "rollback", run, "-i", inv.toString());
    assertEquals(2, refused.exitCode(), refused.toString());
    assertTrue(
        refused
            .out()
            .contains("/usr/sap/NWP/SYS/profile/NWP_D00_sapnwpas changed since run " + run),
        refused.out());
    CliRun rollback =
        cli(SUNDAY_IN_WINDOW, "rollback", run, "-i", inv.toString(), "--diff", "--force");
    assertEquals(0, rollback.exitCode(), rollback.toString());
    for (String h : List.of("pase-nwp", "sol-web256", "sol-web4m")) {
      Path seed = Path.of("lab/hosts", h);
      try (Stream<Path> files = Files.walk(seed)) {
        // .state/ is the stand-in services' own runtime state (what they were started with)
        for (Path f :
            files
                .filter(Files::isRegularFile)
                .filter(p -> !seed.relativize(p).startsWith(".state"))
                .toList()) {
          Path restored = root(h).resolve(seed.relativize(f).toString());
          assertEquals(-1, Files.mismatch(f, restored), "not restored byte for byte: " + restored);
        }
      }
    }
    assertTrue(
        rollback.out().contains("SAP system NWP now, in window sap-prd-sunday"), rollback.out());
    CliRun second = cli(SUNDAY_IN_WINDOW, "rollback", run, "-i", inv.toString());
    for (String h : List.of("pase-nwp", "sol-web256", "sol-web4m")) {
      assertTrue(second.out().matches("(?s).*" + h + " +: ok=\\d+ +changed=0 .*"), second.out());
    }
    assertFalse(second.out().contains("FAILED"), second.out());
  }
}
