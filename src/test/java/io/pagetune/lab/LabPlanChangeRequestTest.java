package io.pagetune.lab;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.pagetune.plan.ChangeRequestPlans;
import io.pagetune.plan.PlanReader;
import io.pagetune.plan.SavedPlan;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.TreeHash;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab SAP system whose window is a ServiceNow change (WireMock in the Table and Attachment API
 * shapes): the saved plan's report and digest are attached to the change with a work note, and
 * apply runs only the plan whose digest is attached, only while the change is in Implement.
 */
class LabPlanChangeRequestTest {
  private static final String TABLE = "/api/now/table/change_request";
  private static final String ATTACHMENT = "/api/now/attachment";
  private static final String SYS_ID = "a9e9c33dc61122760072455df62663d2";
  private static final String DIGEST_ID = "0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e";
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
    snow.stubFor(
        post(urlPathEqualTo(ATTACHMENT + "/file"))
            .willReturn(
                aResponse()
                    .withStatus(201)
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":{\"sys_id\":\"f1e2d3c4b5a6978812345678abcdef01\","
                            + "\"table_name\":\"change_request\",\"file_name\":\"x\"}}")));
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

  /** The digest the change board attached. */
  private void approved(String digest) {
    snow.stubFor(
        get(urlPathEqualTo(ATTACHMENT))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":[{\"sys_id\":\""
                            + DIGEST_ID
                            + "\",\"file_name\":\"pagetune-plan.sha256\","
                            + "\"sys_created_on\":\"2026-12-06 00:10:00\"}]}")));
    snow.stubFor(
        get(urlPathEqualTo(ATTACHMENT + "/" + DIGEST_ID + "/file"))
            .willReturn(
                aResponse().withHeader("Content-Type", "text/plain").withBody(digest + "\n")));
  }

  private Path inventory() throws Exception {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"sap_ibmi.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.writeString(inv.resolve("windows.yml"), "windows:\n  chg: { servicenow: CHG0040007 }\n");
    return Files.writeString(
        inv.resolve("lab.yml"),
        "all:\n  children:\n    sap_ibmi:\n      hosts:\n        pase-nwp: {ansible_connection: lab,"
            + " pagetune_change_window: chg, pagetune_lab_root: '"
            + tmp.resolve("root")
            + "'}\n");
  }

  private CliRun cli(String... args) {
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
        args);
  }

  private SavedPlan savePlan(Path inv, Path plan) {
    CliRun check =
        cli(
            "run",
            "playbooks/sap-64k-pages.yml",
            "-i",
            inv.toString(),
            "--check",
            "--save-plan",
            plan.toString());
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().contains("Plan attached to change request CHG0040007"), check.out());
    assertFalse(check.out().contains("s3cret-in-env"));
    return PlanReader.read(plan);
  }

  @Test
  void theSavedPlanIsAttachedToTheChangeWithItsDigestAndAWorkNote() throws Exception {
    change("-2");
    Path plan = tmp.resolve("chg.plan");
    SavedPlan saved = savePlan(inventory(), plan);
    String shortDigest = saved.digest().substring(7, 19);
    snow.verify(
        postRequestedFor(urlPathEqualTo(ATTACHMENT + "/file"))
            .withQueryParam("table_name", equalTo("change_request"))
            .withQueryParam("table_sys_id", equalTo(SYS_ID))
            .withQueryParam("file_name", equalTo("pagetune-plan-" + shortDigest + ".html"))
            .withHeader("Content-Type", equalTo("text/html"))
            .withRequestBody(containing("<html"))
            .withRequestBody(containing("pase-nwp"))
            .withRequestBody(containing("--- before: /usr/sap/NWP/SYS/profile/")));
    snow.verify(
        postRequestedFor(urlPathEqualTo(ATTACHMENT + "/file"))
            .withQueryParam("file_name", equalTo(ChangeRequestPlans.DIGEST_FILE))
            .withHeader("Content-Type", equalTo("text/plain"))
            .withRequestBody(equalTo(saved.digest() + "\n")));
    snow.verify(
        patchRequestedFor(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .withRequestBody(containing("pagetune plan " + saved.digest())));
  }

  @Test
  void applyRunsOnlyTheAttachedPlanAndOnlyInImplement() throws Exception {
    change("-2");
    Path inv = inventory();
    Path plan = tmp.resolve("chg.plan");
    SavedPlan saved = savePlan(inv, plan);
    String untouched = TreeHash.of(tmp.resolve("root/usr/sap"));

    approved(saved.digest());
    CliRun scheduled = cli("apply", plan.toString());
    assertEquals(4, scheduled.exitCode(), scheduled.toString());
    assertTrue(
        scheduled
            .err()
            .contains("CHG0040007 is Scheduled: a plan is applied only while its change"),
        scheduled.err());

    change("-1");
    approved("sha256:" + "0".repeat(64));
    CliRun other = cli("apply", plan.toString());
    assertEquals(4, other.exitCode(), other.toString());
    assertTrue(other.err().contains("CHG0040007 approved plan sha256:000"), other.err());
    assertEquals(untouched, TreeHash.of(tmp.resolve("root/usr/sap")), "nothing applied");
    snow.verify(
        getRequestedFor(urlPathEqualTo(ATTACHMENT))
            .withQueryParam(
                "sysparm_query",
                containing("table_sys_id=" + SYS_ID + "^file_name=pagetune-plan.sha256")));

    approved(saved.digest());
    CliRun apply = cli("apply", plan.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(apply.out().contains("changed: [pase-nwp]"), apply.out());
    assertFalse(apply.out().contains("s3cret-in-env"));
  }
}
