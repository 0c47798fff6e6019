package io.pagetune.schedule.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class WindowsFileTest {
  private static final Path DIR = Path.of("src/test/resources/schedule");
  private final YamlReader reader = new YamlReader(DIR);

  private InputException bad(String yaml) {
    return assertThrows(InputException.class, () -> WindowsFile.parse(reader, yaml, "windows.yml"));
  }

  @Test
  void loadsTheSampleFile() {
    WindowsFile f = WindowsFile.load(reader, DIR.resolve("windows.yml"));
    ChangeWindow sap = f.window("sap-prd-sunday").orElseThrow();
    assertEquals("0 2 * * SUN", sap.cron().orElseThrow().text());
    assertEquals(Duration.ofHours(4), sap.duration());
    assertEquals(ZoneId.of("Europe/Berlin"), sap.zone());
    assertEquals(
        new Blackout(LocalDate.of(2026, 12, 20), LocalDate.of(2027, 1, 6)), sap.blackouts().get(0));
    assertEquals(Duration.ofMinutes(90), f.window("web-weekdays").orElseThrow().duration());
    assertEquals(Duration.ofMinutes(150), f.window("oracle-iso").orElseThrow().duration());
    ChangeWindow chg = f.window("oracle-chg").orElseThrow();
    assertEquals("CHG0040007", chg.serviceNowChange().orElseThrow());
    assertEquals(ZoneOffset.UTC, chg.zone());
  }

  @Test
  void badCronFieldPointsAtTheColumnInTheFile() {
    InputException e = bad("windows:\n  w: { cron: \"0 2 * * SNU\", duration: 4h, zone: UTC }\n");
    // the value starts in column 14 (the quote); SNU is the 9th character of the expression
    assertEquals("windows.yml:2:23", e.location().toString());
    assertTrue(e.reason().contains("day-of-week 'SNU'"), e.reason());
  }

  @Test
  void unknownZoneSuggestsTheClosest() {
    InputException e =
        bad("windows:\n  w:\n    cron: 0 2 * * *\n    duration: 4h\n    zone: Europe/Berln\n");
    assertEquals("windows.yml:5:11", e.location().toString());
    assertTrue(e.reason().contains("did you mean 'Europe/Berlin'"), e.reason());
  }

  @Test
  void abbreviatedZonesAreRefused() {
    InputException e = bad("windows:\n  w: { cron: 0 2 * * *, duration: 4h, zone: CET }\n");
    assertTrue(e.reason().startsWith("unknown zone 'CET'"), e.reason());
    assertTrue(!e.reason().contains("did you mean 'CET'"), e.reason());
  }

  @Test
  void badDuration() {
    InputException e = bad("windows:\n  w: { cron: 0 2 * * *, duration: 4x, zone: UTC }\n");
    assertTrue(e.reason().contains("bad duration '4x'"), e.reason());
    InputException bare = bad("windows:\n  w: { cron: 0 2 * * *, duration: 240, zone: UTC }\n");
    assertTrue(bare.reason().contains("bad duration '240'"), bare.reason());
  }

  @Test
  void unknownKeyWithDidYouMean() {
    InputException e = bad("windows:\n  w:\n    cron: 0 2 * * *\n    duraton: 4h\n    zone: UTC\n");
    assertEquals("windows.yml:4:5", e.location().toString());
    assertTrue(e.reason().contains("did you mean 'duration'"), e.reason());
  }

  @Test
  void blackoutMistakes() {
    InputException order =
        bad(
            "windows:\n  w: { cron: 0 2 * * *, duration: 4h, zone: UTC,"
                + " blackouts: [ {from: 2027-01-06, to: 2026-12-20} ] }\n");
    assertTrue(order.reason().contains("ends before it starts"), order.reason());
    InputException date =
        bad(
            "windows:\n  w: { cron: 0 2 * * *, duration: 4h, zone: UTC,"
                + " blackouts: [ {from: 2026-13-01, to: 2026-12-20} ] }\n");
    assertTrue(date.reason().contains("'2026-13-01' is not a date"), date.reason());
  }

  @Test
  void serviceNowWindowRefusesCronKeysAndBadNumbers() {
    assertTrue(
        bad("windows:\n  w: { servicenow: CHG1, cron: 0 2 * * * }\n")
            .reason()
            .contains("remove 'cron'"));
    assertTrue(
        bad("windows:\n  w: { servicenow: \"CHG1^ORnumber=CHG2\" }\n")
            .reason()
            .contains("not a change request number"));
  }

  @Test
  void missingFieldsAreNamed() {
    InputException e = bad("windows:\n  w: { cron: 0 2 * * * , zone: UTC }\n");
    assertTrue(e.reason().contains("needs 'duration'"), e.reason());
  }

  @Test
  void emptyWindowsSectionIsNoWindows() {
    assertTrue(WindowsFile.parse(reader, "windows:\n", "windows.yml").windows().isEmpty());
    assertTrue(WindowsFile.parse(reader, "", "windows.yml").windows().isEmpty());
  }

  @Test
  void unknownTopLevelKey() {
    InputException e = bad("window:\n  w: { servicenow: CHG1 }\n");
    assertTrue(e.reason().contains("did you mean 'windows'"), e.reason());
  }
}
