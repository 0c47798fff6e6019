package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.app.Wiring;
import io.pagetune.error.InputException;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestartConfigCheckTest {
  @TempDir Path dir;

  /** Loads a real inventory with web1 defined on line 4 of hosts.yml, and checks it. */
  private InputException failure(String web1Vars) throws Exception {
    Inventory inv = inventory(web1Vars);
    return assertThrows(InputException.class, () -> check().check(inv.hosts()));
  }

  private Inventory inventory(String web1Vars) throws Exception {
    Path hosts = dir.resolve("hosts.yml");
    Files.writeString(
        hosts, "all:\n  hosts:\n    db1:\n    web1:\n" + web1Vars.indent(6) + "    web2:\n");
    return new InventoryLoader(dir).load(hosts);
  }

  private RestartConfigCheck check() {
    WindowsFile windows =
        WindowsFile.load(new YamlReader(Path.of("")), Path.of("inventory/windows.yml"));
    return new RestartConfigCheck(windows, RestartKinds.names(new Wiring().targets()));
  }

  /** Values no pagetune setting would accept: the inventory's own variables, never checked. */
  @Test
  void theInventorysOwnUnprefixedNamesAreNotChecked() throws Exception {
    Inventory inv =
        inventory(
            "change_window: sun-0200\nrestart_group: ''\nmax_concurrent_restarts: 0\n"
                + "restart_expected_duration: soon\nsap_control: sopa\n"
                + "restart_commands: not a mapping\n");
    check().check(inv.hosts());
    assertEquals(
        Optional.empty(), RestartConfigCheck.hostWindows(inv.hosts()).get("web1"), "no window");
  }

  @Test
  void theShippedInventorySettingsPass() throws Exception {
    Inventory inv =
        inventory(
            "pagetune_change_window: web-weeknights\npagetune_restart_group: web-lb1\npagetune_max_concurrent_restarts: 2\n"
                + "pagetune_restart_expected_duration: 45m\npagetune_sap_control: soap\n"
                + "pagetune_restart_commands:\n  web_server: svcadm restart https-web1\n  reboot: init 6\n");
    check().check(inv.hosts());
  }

  @Test
  void restartCommandsForAnUnknownKindNameTheHostsLine() throws Exception {
    InputException e =
        failure("pagetune_restart_commands:\n  web_servr: svcadm restart https-web1\n");
    assertTrue(e.location().toString().endsWith("hosts.yml:4:5"), e.location().toString());
    assertTrue(
        e.reason()
            .startsWith("host web1 has pagetune_restart_commands for 'web_servr', which is no"),
        e.reason());
    assertTrue(e.reason().contains("did you mean 'web_server'"), e.reason());
  }

  @Test
  void restartCommandsMustBeAMappingOfNonEmptyCommands() throws Exception {
    assertTrue(
        failure("pagetune_restart_commands: svcadm restart https-web1\n")
            .reason()
            .contains("pagetune_restart_commands that is not a mapping"));
    assertEquals(
        "host web1 has an empty pagetune_restart_commands.reboot",
        failure("pagetune_restart_commands:\n  reboot: ''\n").reason());
  }

  @Test
  void concurrencyDurationGroupAndSapControlAreChecked() throws Exception {
    assertEquals(
        "host web1 has pagetune_max_concurrent_restarts 'two', which is not a whole number",
        failure("pagetune_max_concurrent_restarts: two\n").reason());
    assertEquals(
        "host web1 has pagetune_max_concurrent_restarts 0, which must be at least 1",
        failure("pagetune_max_concurrent_restarts: 0\n").reason());
    assertTrue(
        failure("pagetune_restart_expected_duration: soon\n")
            .reason()
            .startsWith(
                "host web1 has pagetune_restart_expected_duration 'soon', which is not a duration"));
    assertEquals(
        "host web1 has an empty pagetune_restart_group",
        failure("pagetune_restart_group: ' '\n").reason());
    assertTrue(
        failure("pagetune_sap_control: sopa\n").reason().contains("did you mean 'soap'"),
        "pagetune_sap_control typo");
  }

  @Test
  void aWrongBenefitProbeNamesTheHostsLine() throws Exception {
    InputException e = failure("benefit_probe: {runs: 0}\n");
    assertTrue(e.location().toString().endsWith("hosts.yml:4:5"), e.location().toString());
    assertEquals("host web1 has a wrong benefit_probe: runs must be 1..100, got 0", e.reason());
    assertEquals(
        "host web1 has a wrong benefit_probe: timing must be wall or output, got cpu",
        failure("benefit_probe: {command: 'true', timing: cpu}\n").reason());
    assertTrue(
        failure("benefit_probe: sqlplus\n")
            .reason()
            .startsWith("host web1 has a wrong benefit_probe: must be {command, runs} or off"));
    Inventory fine = inventory("benefit_probe: {runs: 9, table: app.orders}\n");
    check().check(fine.hosts());
    check().check(inventory("benefit_probe: off\n").hosts());
  }

  @Test
  void hostsOfOneRestartGroupAgreeOnTheirConcurrency() throws Exception {
    Path hosts = dir.resolve("hosts.yml");
    Files.writeString(
        hosts,
        "all:\n  vars:\n    pagetune_restart_group: lb1\n  hosts:\n    web1:\n"
            + "      pagetune_max_concurrent_restarts: 2\n    web2:\n      pagetune_max_concurrent_restarts: 1\n"
            + "    web3:\n      pagetune_restart_group: other\n");
    Inventory inv = new InventoryLoader(dir).load(hosts);
    InputException e = assertThrows(InputException.class, () -> check().check(inv.hosts()));
    assertEquals(
        "host web2 has pagetune_max_concurrent_restarts 1 but web1 of the same pagetune_restart_group 'lb1' has 2",
        e.reason());
    assertTrue(e.location().toString().endsWith("hosts.yml:7:5"), e.location().toString());
  }

  @Test
  void anUnknownChangeWindowIsReportedWithASuggestion() throws Exception {
    InputException e = failure("pagetune_change_window: web-weeknight\n");
    assertTrue(e.reason().contains("which windows.yml does not define"), e.reason());
    assertTrue(e.reason().contains("did you mean 'web-weeknights'"), e.reason());
  }
}
