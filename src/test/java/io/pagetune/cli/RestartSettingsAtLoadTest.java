package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A wrong restart setting stops every command that runs or queues restarts with exit 4 and one line
 * naming the host's place in the inventory, before any host is contacted.
 */
class RestartSettingsAtLoadTest {
  @TempDir Path dir;

  private Path inventory(String vars) throws Exception {
    Files.copy(Path.of("inventory/windows.yml"), dir.resolve("windows.yml"));
    Path inv = dir.resolve("hosts.yml");
    // the host would be reached over SSH on a port nobody listens on: contacting it would fail
    Files.writeString(
        inv,
        "all:\n  hosts:\n    web1:\n      ansible_host: 127.0.0.1\n      ansible_port: 1\n"
            + vars.indent(6));
    return inv;
  }

  private Path playbook() throws Exception {
    Path book = dir.resolve("play.yml");
    Files.writeString(
        book, "- hosts: all\n  gather_facts: false\n  tasks:\n    - debug:\n        msg: hello\n");
    return book;
  }

  @Test
  void runStopsAtAnUnknownRestartKindInRestartCommands() throws Exception {
    Path inv = inventory("pagetune_restart_commands:\n  webserver: svcadm restart https-web1\n");
    CliRun run =
        CliRun.of("run", playbook().toString(), "-i", inv.toString(), "--check", "--state", "none");
    assertEquals(4, run.exitCode(), run.toString());
    String first = run.err().lines().findFirst().orElse("");
    assertTrue(
        first.contains("hosts.yml:3:5")
            && first.contains("host web1 has pagetune_restart_commands for 'webserver'")
            && first.contains("did you mean 'web_server'"),
        run.toString());
    assertFalse(run.out().contains("hello"), "a host ran: " + run);
  }

  @Test
  void runDueAndTheSchedulerStopAtAWrongConcurrency() throws Exception {
    Path inv = inventory("pagetune_max_concurrent_restarts: 0\n");
    Path state = dir.resolve("state.db");
    CliRun due =
        CliRun.of("schedule", "run-due", "-i", inv.toString(), "--state", state.toString());
    assertEquals(4, due.exitCode(), due.toString());
    assertTrue(
        due.err()
            .contains("host web1 has pagetune_max_concurrent_restarts 0, which must be at least 1"),
        due.toString());
    CliRun daemon = CliRun.of("scheduler", "-i", inv.toString(), "--state", state.toString());
    assertEquals(4, daemon.exitCode(), daemon.toString());
    assertTrue(daemon.err().contains("hosts.yml:3:5"), daemon.toString());
  }

  /** The inventory: its own change_window=sun-0200 is no window of pagetune's. */
  @Test
  void anIniInventorysOwnChangeWindowDoesNotStopTheRun() throws Exception {
    Files.copy(Path.of("inventory/windows.yml"), dir.resolve("windows.yml"));
    Path ini = dir.resolve("hosts.ini");
    Files.writeString(ini, "[web]\nweb1 ansible_connection=local change_window=sun-0200\n");
    Path book = dir.resolve("play.yml");
    Files.writeString(
        book,
        "- hosts: all\n  gather_facts: false\n  tasks:\n    - debug:\n"
            + "        msg: \"window ${change_window}\"\n");
    CliRun run = CliRun.of("run", book.toString(), "-i", ini.toString(), "--state", "none");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("window sun-0200"), run.toString());

    Files.writeString(
        ini, "[web]\nweb1 ansible_connection=local pagetune_change_window=sun-0200\n");
    CliRun prefixed = CliRun.of("run", book.toString(), "-i", ini.toString(), "--state", "none");
    assertEquals(4, prefixed.exitCode(), prefixed.toString());
    assertTrue(
        prefixed.err().contains("hosts.ini:2:1: host web1 has pagetune_change_window 'sun-0200'"),
        prefixed.toString());
  }
}
