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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An inventory that uses {@code change_window}, {@code restart_*}, {@code sap_control}... for its
 * own purposes (here: a template of the site's) runs exactly as without them: every one of these
 * values would fail the run, or change its restart, if pagetune obeyed it. The {@code pagetune_}
 * names do take effect.
 */
class InventoryOwnVariablesTest {
  private static final String MONDAY_MORNING = "2026-11-30T10:00:00+01:00";
  // web-weeknights opens Monday 22:30 Berlin for 90 minutes
  private static final String MONDAY_IN_WINDOW = "2026-11-30T22:35:00+01:00";

  /** The site's own variables, named as pagetune's settings once were. */
  private static final String OWN_VARIABLES =
      "change_window: sun-0200, restart_group: '', max_concurrent_restarts: 0,"
          + " restart_expected_duration: 10h, sap_control: sopa, sap_instance_number: 99,"
          + " restart_commands: {web_server: svcadm restart https-nosuch}";

  @TempDir Path tmp;

  /** A project (playbook, templates, inventory) for one case, with its own lab root and state. */
  private Path project(String name, String hostVars) throws IOException {
    Path p = tmp.resolve(name);
    Files.createDirectories(p.resolve("playbooks"));
    Files.createDirectories(p.resolve("templates"));
    Files.createDirectories(p.resolve("inventory/group_vars"));
    try (var ftl = Files.list(Path.of("templates"))) {
      for (Path f : ftl.toList()) {
        Files.copy(f, p.resolve("templates").resolve(f.getFileName()));
      }
    }
    Files.writeString(
        p.resolve("templates/site-window.conf.ftl"),
        "window=${change_window}\nrestart=${restart_commands.web_server}\n");
    Files.writeString(
        p.resolve("playbooks/web.yml"),
        String.join(
            "\n",
            "- hosts: solaris_web",
            "  tasks:",
            "    - name: Ensure MPSS in startserv",
            "      mpss_startserv:",
            "        instance_dir: \"${web_instance}\"",
            "        block_template: mpss-startserv-block.ftl",
            "    - name: The site's own window file",
            "      template:",
            "        src: site-window.conf.ftl",
            "        dest: \"${web_instance}/site-window.conf\"",
            "      when: \"change_window??\"",
            ""));
    for (String f : List.of("solaris_web.yml", "all.yml")) {
      Files.copy(
          Path.of("inventory/group_vars").resolve(f), p.resolve("inventory/group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), p.resolve("inventory/windows.yml"));
    Files.writeString(
        p.resolve("inventory/lab.yml"),
        "all:\n  children:\n    solaris_web:\n      hosts:\n        sol-web256: {ansible_connection:"
            + " lab, pagetune_lab_root: '"
            + root(name)
            + "'"
            + (hostVars.isEmpty() ? "" : ", " + hostVars)
            + "}\n");
    return p;
  }

  private Path root(String project) {
    return tmp.resolve("roots").resolve(project);
  }

  private CliRun cli(String project, String now, String... args) {
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", tmp.resolve(project + ".db").toString(), "PAGETUNE_NOW", now),
        args);
  }

  private CliRun apply(String project, String... more) {
    Path p = tmp.resolve(project);
    String[] args = new String[4 + more.length];
    args[0] = "run";
    args[1] = p.resolve("playbooks/web.yml").toString();
    args[2] = "-i";
    args[3] = p.resolve("inventory/lab.yml").toString();
    System.arraycopy(more, 0, args, 4, more.length);
    return cli(project, MONDAY_MORNING, args);
  }

  private static List<String> lines(String text, String needle) {
    return text.lines().filter(l -> l.contains(needle)).map(String::strip).toList();
  }

  /** The restart lines without the intent ids, which differ from one state store to another. */
  private static List<String> restarts(String text, String needle) {
    return lines(text, needle).stream()
        .map(l -> l.replaceAll(" \\[intent [0-9a-f]+\\]", "").replaceAll("^[0-9a-f]{8}\\s+", ""))
        .toList();
  }

  @Test
  void theInventorysOwnVariablesChangeNothingAndItsTemplatesStillSeeThem() throws Exception {
    project("plain", "");
    project("own", OWN_VARIABLES);

    CliRun plain = apply("plain");
    CliRun own = apply("own");
    assertEquals(0, plain.exitCode(), plain.toString());
    assertEquals(0, own.exitCode(), own.toString());
    List<String> restart = restarts(plain.out(), "pending restart:");
    assertEquals(1, restart.size(), plain.out());
    assertTrue(restart.get(0).contains("in window web-weeknights"), restart.toString());
    assertEquals(restart, restarts(own.out(), "pending restart:"), own.out());
    // the site's template got the site's values
    assertEquals(
        "window=sun-0200\nrestart=svcadm restart https-nosuch\n",
        Files.readString(root("own").resolve("opt/webserver7/https-web1/site-window.conf")));
    // without -v nothing is said about them
    assertFalse(own.err().contains("[NOTE]"), own.err());

    CliRun plainDue =
        cli("plain", MONDAY_IN_WINDOW, "schedule", "run-due", "-i", inventory("plain"));
    CliRun ownDue = cli("own", MONDAY_IN_WINDOW, "schedule", "run-due", "-i", inventory("own"));
    assertEquals(0, plainDue.exitCode(), plainDue.toString());
    assertEquals(0, ownDue.exitCode(), ownDue.toString());
    List<String> done = restarts(plainDue.out(), "restarted and verified");
    assertEquals(1, done.size(), plainDue.out());
    assertEquals(done, restarts(ownDue.out(), "restarted and verified"), ownDue.out());
    assertTrue(
        done.get(0).startsWith("DONE") && done.get(0).contains("https-web1"), done.toString());
  }

  @Test
  void verboseRunsAndTheInventoryCommandSayWhichNamesAreNotRead() throws Exception {
    project("own", OWN_VARIABLES + ", pagetune_sap_control: sapcontrol");
    CliRun check = apply("own", "--check", "-v");
    assertEquals(0, check.exitCode(), check.toString());
    // group_vars/solaris_web.yml sets pagetune_change_window, _restart_group,
    // _max_concurrent_restarts and _restart_commands; the host sets pagetune_sap_control
    assertEquals(
        List.of(
            "[NOTE]: inventory variable restart_expected_duration (host sol-web256) is not a"
                + " pagetune setting: pagetune's own settings carry the pagetune_ prefix, so"
                + " pagetune leaves it to the inventory and reads"
                + " pagetune_restart_expected_duration",
            "[NOTE]: inventory variable sap_instance_number (host sol-web256) is not a pagetune"
                + " setting: pagetune's own settings carry the pagetune_ prefix, so pagetune"
                + " leaves it to the inventory and reads pagetune_sap_instance_number"),
        lines(check.err(), "[NOTE]"),
        check.err());

    CliRun host =
        cli("own", MONDAY_MORNING, "inventory", "-i", inventory("own"), "--host", "sol-web256");
    assertEquals(0, host.exitCode(), host.toString());
    assertTrue(host.out().contains("\"change_window\": \"sun-0200\""), host.out());
    assertEquals(lines(check.err(), "[NOTE]"), lines(host.err(), "[NOTE]"), host.err());
  }

  @Test
  void thePrefixedNamesTakeEffect() throws Exception {
    project("prefixed", "pagetune_change_window: sap-prd-sunday");
    CliRun run = apply("prefixed");
    assertEquals(0, run.exitCode(), run.toString());
    List<String> restart = lines(run.out(), "pending restart:");
    assertEquals(1, restart.size(), run.out());
    assertTrue(
        restart.get(0).contains("in window sap-prd-sunday at 2026-12-06 02:00 CET"),
        restart.toString());

    project("wrong", "pagetune_change_window: sun-0200");
    CliRun wrong = apply("wrong");
    assertEquals(4, wrong.exitCode(), wrong.toString());
    assertTrue(
        wrong.err().contains("host sol-web256 has pagetune_change_window 'sun-0200', which"),
        wrong.err());
  }

  private String inventory(String project) {
    return tmp.resolve(project).resolve("inventory/lab.yml").toString();
  }
}
