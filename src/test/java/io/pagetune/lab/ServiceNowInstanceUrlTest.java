package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ServiceNow instance URL that holds a password never shows it: unreachable, it is named with the
 * password masked; malformed, it is not echoed at all.
 */
class ServiceNowInstanceUrlTest {
  private static final String IN_CHANGE = "2026-12-06T02:30:00+01:00";

  @TempDir Path tmp;

  private Path inventory() throws Exception {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"sap_ibmi.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.writeString(inv.resolve("windows.yml"), "windows:\n  chg: { servicenow: CHG0040007 }\n");
    Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    sap_ibmi:\n      hosts:\n        pase-nwp: {ansible_connection: lab,"
            + " pagetune_change_window: chg, pagetune_lab_root: '"
            + tmp.resolve("root")
            + "'}\n");
    return inv.resolve("lab.yml");
  }

  private CliRun run(String instance) throws Exception {
    return CliRun.withEnv(
        Map.of(
            "PAGETUNE_STATE",
            tmp.resolve("state.db").toString(),
            "PAGETUNE_NOW",
            IN_CHANGE,
            "PAGETUNE_SNOW_INSTANCE",
            instance,
            "PAGETUNE_SNOW_USER",
            "pagetune",
            "PAGETUNE_SNOW_PASSWORD",
            "s3cret-in-env"),
        "run",
        "playbooks/sap-64k-pages.yml",
        "-i",
        inventory().toString());
  }

  @Test
  void malformedInstanceUrlIsNotEchoed() throws Exception {
    CliRun run = run("https://ops:pw s3cret@acme.service-now.com");
    assertFalse(run.out().contains("s3cret"), run.toString());
    assertFalse(run.err().contains("s3cret"), run.toString());
    assertTrue(
        (run.out() + run.err()).contains("PAGETUNE_SNOW_INSTANCE:1:1: not a valid URL"),
        run.toString());
    assertEquals(4, run.exitCode(), run.toString());
  }
}
