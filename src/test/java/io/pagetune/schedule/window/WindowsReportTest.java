package io.pagetune.schedule.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.inventory.Host;
import io.pagetune.vars.VarScope;
import io.pagetune.vars.VarSource;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WindowsReportTest {
  private static final Path DIR = Path.of("src/test/resources/schedule");

  @Test
  void listsEachHostsWindowAndNextOpeningsInLocalAndUtc() {
    WindowsFile windows = WindowsFile.load(new YamlReader(DIR), DIR.resolve("windows.yml"));
    Map<String, Optional<String>> hosts = new LinkedHashMap<>();
    hosts.put("sapprd01", Optional.of("sap-prd-sunday"));
    hosts.put("web1", Optional.of("web-weekdays"));
    hosts.put("ora1", Optional.of("oracle-chg"));
    hosts.put("lab", Optional.empty());
    hosts.put("typo", Optional.of("sap-prd-sundy"));
    // Sunday 2026-12-13 03:00 CET: the SAP window is open; the next Sunday is blacked out
    String text = WindowsReport.render(hosts, windows, Instant.parse("2026-12-13T02:00:00Z"), 2);
    String expected =
        String.join(
            "\n",
            "sapprd01  sap-prd-sunday (cron \"0 2 * * SUN\", 4h, Europe/Berlin)",
            "    open now 2026-12-13 Sun 02:00 CET - 2026-12-13 Sun 06:00 CET"
                + "  (2026-12-13 01:00Z - 2026-12-13 05:00Z)",
            "    next     2027-01-10 Sun 02:00 CET - 2027-01-10 Sun 06:00 CET"
                + "  (2027-01-10 01:00Z - 2027-01-10 05:00Z)",
            "    next     2027-01-17 Sun 02:00 CET - 2027-01-17 Sun 06:00 CET"
                + "  (2027-01-17 01:00Z - 2027-01-17 05:00Z)",
            "web1      web-weekdays (cron \"30 22 * * MON-FRI\", 1h30m, America/New_York)",
            "    next     2026-12-14 Mon 22:30 EST - 2026-12-15 Tue 00:00 EST"
                + "  (2026-12-15 03:30Z - 2026-12-15 05:00Z)",
            "    next     2026-12-15 Tue 22:30 EST - 2026-12-16 Wed 00:00 EST"
                + "  (2026-12-16 03:30Z - 2026-12-16 05:00Z)",
            "ora1      oracle-chg (ServiceNow CHG0040007; open while Scheduled/Implement within"
                + " its planned start/end)",
            "lab       no change window (set pagetune_change_window)",
            "typo      unknown window 'sap-prd-sundy'; did you mean 'sap-prd-sunday'?",
            "");
    assertEquals(expected, text);
  }

  private static Host host(String name, Map<String, Object> vars) {
    return new Host(
        name,
        List.of("all"),
        new VarScope().with(VarSource.INVENTORY_HOST_VARS, vars),
        new SourceLocation("hosts.yml", 7, 5));
  }

  private static io.pagetune.restart.RestartConfigCheck check(WindowsFile windows) {
    return new io.pagetune.restart.RestartConfigCheck(windows, List.of("service", "reboot"));
  }

  @Test
  void hostsTakeTheirWindowFromTheChangeWindowVariable() {
    List<Host> hosts =
        List.of(
            host("a", Map.of("pagetune_change_window", "web-weekdays")), host("b", Map.of("x", 1)));
    Map<String, Optional<String>> m = io.pagetune.restart.RestartConfigCheck.hostWindows(hosts);
    assertEquals(List.of("a", "b"), List.copyOf(m.keySet()));
    assertEquals(Optional.of("web-weekdays"), m.get("a"));
    assertEquals(Optional.empty(), m.get("b"));
  }

  @Test
  void hostNamingAnUndefinedWindowIsAnInputError() {
    WindowsFile windows = WindowsFile.load(new YamlReader(DIR), DIR.resolve("windows.yml"));
    List<Host> hosts = List.of(host("a", Map.of("pagetune_change_window", "web-weekday")));
    InputException e = assertThrows(InputException.class, () -> check(windows).check(hosts));
    assertEquals("hosts.yml:7:5", e.location().toString());
    assertTrue(e.reason().contains("did you mean 'web-weekdays'"), e.reason());
    check(windows).check(List.of(host("b", Map.of("pagetune_change_window", "oracle-chg"))));
  }
}
