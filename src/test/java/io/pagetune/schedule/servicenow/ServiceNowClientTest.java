package io.pagetune.schedule.servicenow;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import io.pagetune.schedule.window.ChangeWindow;
import io.pagetune.schedule.window.Decision;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceNowClientTest {
  private static final String TABLE = "/api/now/table/change_request";
  private static final String SYS_ID = "a9e9c33dc61122760072455df62663d2";
  private static final String PASSWORD = "s3cr3t-Pa55-word";
  private static final ServiceNowCredentials CREDS =
      new ServiceNowCredentials("pagetune.integration", PASSWORD);

  private WireMockServer server;
  private final List<Duration> sleeps = new ArrayList<>();

  @BeforeEach
  void start() {
    server = new WireMockServer(options().dynamicPort());
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  private ServiceNowClient client(Duration requestTimeout) {
    ServiceNowClient.Options opts =
        new ServiceNowClient.Options(
            Duration.ofSeconds(2), requestTimeout, 3, Duration.ofMillis(10), Duration.ofMillis(15));
    return new ServiceNowClient(URI.create(server.baseUrl() + "/"), CREDS, opts, sleeps::add);
  }

  private ServiceNowClient client() {
    return client(Duration.ofSeconds(5));
  }

  private static String fixture(String name) {
    try {
      return Files.readString(
          Path.of("src/test/resources/schedule/servicenow", name), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private void answer(String fixture) {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(
                aResponse()
                    .withStatus(200)
                    .withHeader("Content-Type", "application/json")
                    .withBody(fixture(fixture))));
  }

  private ServiceNowWindow window() {
    return new ServiceNowWindow(
        ChangeWindow.serviceNow("oracle-chg", "CHG0040007", ZoneOffset.UTC), client());
  }

  @Test
  void readsAScheduledChangeWithTheTableApiQuery() {
    answer("scheduled.json");
    ChangeRequest c = client().changeRequest("CHG0040007");
    assertEquals(ChangeState.SCHEDULED, c.state());
    assertEquals(SYS_ID, c.sysId());
    assertEquals(Instant.parse("2026-12-06T01:00:00Z"), c.plannedStart().orElseThrow());
    assertEquals(Instant.parse("2026-12-06T05:00:00Z"), c.plannedEnd().orElseThrow());
    String basic =
        "Basic "
            + Base64.getEncoder()
                .encodeToString(
                    ("pagetune.integration:" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    server.verify(
        getRequestedFor(urlPathEqualTo(TABLE))
            .withQueryParam("sysparm_query", equalTo("number=CHG0040007"))
            .withQueryParam("sysparm_fields", equalTo("number,state,start_date,end_date,sys_id"))
            .withQueryParam("sysparm_limit", equalTo("1"))
            .withHeader("Accept", equalTo("application/json"))
            .withHeader("Authorization", equalTo(basic)));
  }

  @Test
  void scheduledWindowWaitsForThePlannedStartThenRuns() {
    answer("scheduled.json");
    ServiceNowWindow w = window();
    Decision before = w.decide(Instant.parse("2026-12-05T12:00:00Z"), Duration.ofHours(1));
    assertEquals(Decision.Kind.WAIT_UNTIL, before.kind(), before.reason());
    assertEquals(Instant.parse("2026-12-06T01:00:00Z"), before.waitUntil().orElseThrow());
    Decision inside = w.decide(Instant.parse("2026-12-06T02:00:00Z"), Duration.ofHours(1));
    assertEquals(Decision.Kind.RUN_NOW, inside.kind(), inside.reason());
    Decision tooLittle = w.decide(Instant.parse("2026-12-06T04:30:00Z"), Duration.ofHours(1));
    assertEquals(Decision.Kind.NEVER, tooLittle.kind(), tooLittle.reason());
    Decision after = w.decide(Instant.parse("2026-12-06T05:00:00Z"), Duration.ofMinutes(1));
    assertEquals(Decision.Kind.NEVER, after.kind(), "never late");
  }

  @Test
  void implementStateIsOpenInsideTheWindow() {
    answer("implement.json");
    ServiceNowWindow w = window();
    assertTrue(w.current(Instant.parse("2026-12-06T03:00:00Z")).isPresent());
    assertTrue(w.current(Instant.parse("2026-12-06T00:59:59Z")).isEmpty());
  }

  @Test
  void canceledChangeIsNeverOpen() {
    answer("canceled.json");
    ServiceNowWindow w = window();
    Decision d = w.decide(Instant.parse("2026-12-06T02:00:00Z"), Duration.ofMinutes(5));
    assertEquals(Decision.Kind.NEVER, d.kind());
    assertTrue(d.reason().contains("Canceled"), d.reason());
    assertTrue(w.next(Instant.parse("2026-12-01T00:00:00Z"), 3).isEmpty());
  }

  @Test
  void closedChangeWithDisplayValueObjects() {
    answer("closed-display.json");
    ChangeRequest c = client().changeRequest("CHG0040007");
    assertEquals(ChangeState.CLOSED, c.state());
    assertEquals(Instant.parse("2026-12-06T01:00:00Z"), c.plannedStart().orElseThrow());
    assertFalse(c.openAt(Instant.parse("2026-12-06T02:00:00Z")));
  }

  @Test
  void cancellationBetweenStepsStopsTheRestart() {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .inScenario("chg")
            .whenScenarioStateIs(Scenario.STARTED)
            .willReturn(aResponse().withBody(fixture("implement.json")))
            .willSetStateTo("canceled"));
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .inScenario("chg")
            .whenScenarioStateIs("canceled")
            .willReturn(aResponse().withBody(fixture("canceled.json"))));
    ServiceNowWindow w = window();
    Instant now = Instant.parse("2026-12-06T02:00:00Z");
    assertEquals(Decision.Kind.RUN_NOW, w.decide(now, Duration.ofMinutes(10)).kind());
    assertEquals(Decision.Kind.NEVER, w.decide(now.plusSeconds(60), Duration.ofMinutes(10)).kind());
  }

  @Test
  void emptyResultIsNotFound() {
    answer("empty.json");
    ServiceNowException e =
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG0049999"));
    assertEquals(ServiceNowException.Reason.NOT_FOUND, e.reason());
    assertEquals("change request not found: CHG0049999", e.getMessage());
  }

  @Test
  void http404IsNotFound() {
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(404)));
    ServiceNowException e =
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG0049999"));
    assertEquals(ServiceNowException.Reason.NOT_FOUND, e.reason());
  }

  @Test
  void unauthorizedIsNotRetried() {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(aResponse().withStatus(401).withBody(fixture("unauthorized.json"))));
    ServiceNowException e =
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG0040007"));
    assertEquals(ServiceNowException.Reason.AUTHENTICATION, e.reason());
    assertTrue(e.getMessage().contains("pagetune.integration"), e.getMessage());
    server.verify(1, getRequestedFor(urlPathEqualTo(TABLE)));
    assertTrue(sleeps.isEmpty());
  }

  @Test
  void serverErrorIsRetriedWithBackoff() {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .inScenario("flaky")
            .whenScenarioStateIs(Scenario.STARTED)
            .willReturn(aResponse().withStatus(500))
            .willSetStateTo("throttled"));
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .inScenario("flaky")
            .whenScenarioStateIs("throttled")
            .willReturn(aResponse().withStatus(429))
            .willSetStateTo("ok"));
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .inScenario("flaky")
            .whenScenarioStateIs("ok")
            .willReturn(aResponse().withBody(fixture("scheduled.json"))));
    assertEquals(ChangeState.SCHEDULED, client().changeRequest("CHG0040007").state());
    server.verify(3, getRequestedFor(urlPathEqualTo(TABLE)));
    assertEquals(List.of(Duration.ofMillis(10), Duration.ofMillis(15)), sleeps);
  }

  @Test
  void persistentServerErrorGivesUpAfterBoundedAttempts() {
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(503)));
    ServiceNowException e =
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG0040007"));
    assertEquals(ServiceNowException.Reason.UNAVAILABLE, e.reason());
    server.verify(3, getRequestedFor(urlPathEqualTo(TABLE)));
    // doubling, capped at 15 ms; no sleep after the last attempt
    assertEquals(List.of(Duration.ofMillis(10), Duration.ofMillis(15)), sleeps);
  }

  @Test
  void slowAnswerHitsTheRequestTimeout() {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(aResponse().withFixedDelay(1500).withBody(fixture("scheduled.json"))));
    long start = System.nanoTime();
    ServiceNowException e =
        assertThrows(
            ServiceNowException.class,
            () -> client(Duration.ofMillis(300)).changeRequest("CHG0040007"));
    assertEquals(ServiceNowException.Reason.TIMEOUT, e.reason());
    assertTrue(Duration.ofNanos(System.nanoTime() - start).compareTo(Duration.ofMillis(1400)) < 0);
  }

  @Test
  void workNoteIsPatchedAsJson() {
    server.stubFor(
        patch(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .willReturn(aResponse().withBody(fixture("patched.json"))));
    client().addWorkNote(SYS_ID, "pagetune: restart of SAP system PRD \"done\"\nverified");
    server.verify(
        patchRequestedFor(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .withHeader("Content-Type", equalTo("application/json"))
            .withRequestBody(
                equalToJson(
                    "{\"work_notes\": \"pagetune: restart of SAP system PRD \\\"done\\\"\\nverified\"}")));
  }

  @Test
  void noteGoesToTheSysIdOfTheWindowsChange() {
    answer("scheduled.json");
    server.stubFor(
        patch(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .willReturn(aResponse().withBody(fixture("patched.json"))));
    window().note("restart started");
    server.verify(
        patchRequestedFor(urlPathEqualTo(TABLE + "/" + SYS_ID))
            .withRequestBody(equalToJson("{\"work_notes\":\"restart started\"}")));
  }

  @Test
  void passwordNeverAppearsInMessages() {
    List<String> messages = new ArrayList<>();
    messages.add(CREDS.toString());
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(401)));
    messages.add(
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG1")).getMessage());
    server.resetAll();
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(500)));
    messages.add(
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG1")).getMessage());
    server.resetAll();
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withBody("<html>")));
    messages.add(
        assertThrows(ServiceNowException.class, () -> client().changeRequest("CHG1")).getMessage());
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withFixedDelay(1000)));
    messages.add(
        assertThrows(
                ServiceNowException.class,
                () -> client(Duration.ofMillis(200)).changeRequest("CHG1"))
            .getMessage());
    ServiceNowClient unreachable = client();
    server.stop();
    messages.add(
        assertThrows(ServiceNowException.class, () -> unreachable.changeRequest("CHG1"))
            .getMessage());
    assertEquals(6, messages.size());
    for (String m : messages) {
      assertFalse(m.contains(PASSWORD), m);
      assertFalse(
          m.contains(
              Base64.getEncoder()
                  .encodeToString(
                      ("pagetune.integration:" + PASSWORD).getBytes(StandardCharsets.UTF_8))),
          m);
    }
  }

  @Test
  void credentialsComeFromEnvironmentFirstThenFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("snow.properties");
    Files.writeString(file, "user=file.user\npassword=from-file\n");
    assertEquals(
        "env.user",
        ServiceNowCredentials.resolve(
                Map.of("PAGETUNE_SNOW_USER", "env.user", "PAGETUNE_SNOW_PASSWORD", "x"),
                Optional.of(file))
            .user());
    assertEquals("file.user", ServiceNowCredentials.resolve(Map.of(), Optional.of(file)).user());
    ServiceNowException none =
        assertThrows(
            ServiceNowException.class,
            () -> ServiceNowCredentials.resolve(Map.of(), Optional.empty()));
    assertTrue(none.getMessage().contains("PAGETUNE_SNOW_USER"));
  }

  @Test
  void stateCodesAndDisplayValues() {
    assertEquals(ChangeState.SCHEDULED, ChangeState.of("-2"));
    assertEquals(ChangeState.IMPLEMENT, ChangeState.of("Implement"));
    assertEquals(ChangeState.REVIEW, ChangeState.of("0"));
    assertEquals(ChangeState.CANCELED, ChangeState.of("Cancelled"));
    assertEquals(ChangeState.UNKNOWN, ChangeState.of("-7"));
    assertFalse(ChangeState.REVIEW.allowsWork());
    assertTrue(ChangeState.IMPLEMENT.allowsWork());
  }

  @Test
  void plainHttpIsRefusedExceptToLoopback() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ServiceNowClient(
                    URI.create("http://example.service-now.com"),
                    CREDS,
                    ServiceNowClient.Options.defaults(),
                    sleeps::add));
    assertTrue(e.getMessage().contains("must use https"), e.getMessage());
    new ServiceNowClient(
        URI.create("https://example.service-now.com"),
        CREDS,
        ServiceNowClient.Options.defaults(),
        sleeps::add);
  }
}
