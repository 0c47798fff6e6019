package io.pagetune.lab;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab SAP system whose change window is a ServiceNow change request (WireMock in the real Table
 * API shapes): inside the approved times the restart runs at the end of the run, is verified, and
 * the result goes into the change as a work note; a cancelled change stops it.
 */
class LabServiceNowTest {
  private static final String TABLE = "/api/now/table/change_request";
  private static final String SYS_ID = "a9e9c33dc61122760072455df62663d2";
  private static final String IN_CHANGE = "2026-12-06T02:30:00+01:00";

  @TempDir Path tmp;
  private WireMockServer snow;

  @BeforeEach
  void start() {
    snow = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    snow.start();
    snow.stubFor(
        patch(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .willReturn(aResponse().withStatus(200).withBody("{\"result\":{}}")));
  }

  @AfterEach
  void stop() {
    snow.stop();
  }

  private void change(String state) {
    snow.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":[{\"number\":\"CHG0040007\",\"state\":\""
                            + state
                            + "\",\"start_date\":\"2026-12-06 01:00:00\","
                            + "\"end_date\":\"2026-12-06 05:00:00\",\"sys_id\":\""
                            + SYS_ID
                            + "\"}]}")));
  }

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

  private CliRun run(Path inv) {
    return CliRun.withEnv(
        Map.of(
            "PAGETUNE_STATE",
            tmp.resolve("state.db").toString(),
            "PAGETUNE_NOW",
            IN_CHANGE,
            "PAGETUNE_SNOW_INSTANCE",
            "http://127.0.0.1:" + snow.port(),
            "PAGETUNE_SNOW_USER",
            "pagetune",
            "PAGETUNE_SNOW_PASSWORD",
            "s3cret-in-env"),
        "run",
        "playbooks/sap-64k-pages.yml",
        "-i",
        inv.toString());
  }

  @Test
  void insideAnImplementingChangeTheRestartRunsAndIsNoted() throws Exception {
    change("-1");
    CliRun run = run(inventory());
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("SAP system NWP now, in window chg"), run.out());
    String log = Files.readString(tmp.resolve("root/.state/sapcontrol.log"));
    assertTrue(log.contains("StartSystem"), log);
    snow.verify(
        patchRequestedFor(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .withRequestBody(containing("restarted and verified: NWP: all 4 disp+work")));
    assertFalse(run.out().contains("s3cret-in-env"));
  }

  @Test
  void aCancelledChangeStopsTheRestart() throws Exception {
    change("4");
    CliRun run = run(inventory());
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().contains("SAP system NWP never"), run.out());
    assertFalse(Files.exists(tmp.resolve("root/.state/sapcontrol.log")), "restarted anyway");
  }
}
