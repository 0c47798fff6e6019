package io.pagetune.targets.sap;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.containing;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.testing.FakeTime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SapControlSoapDriverTest {
  private static final String PATH = "/SAPControl.cgi";
  private static final RestartTarget PRD = SapTarget.SYSTEM_RESTART.target("sapprd-app1", "PRD/00");

  private WireMockServer server;
  private FakeTime time;

  @BeforeEach
  void start() {
    server = new WireMockServer(options().dynamicPort());
    server.start();
    time = new FakeTime(Instant.parse("2026-12-06T01:00:00Z"));
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  private SapControlSoapDriver driver(Duration requestTimeout) {
    return new SapControlSoapDriver(
        new SapControlSoapDriver.Options(
            Duration.ofSeconds(2), requestTimeout, Duration.ofSeconds(10), 480, 180),
        new SoapCredentials("prdadm", "Sap-Pa55"),
        t -> URI.create(server.baseUrl() + PATH),
        time,
        time);
  }

  private static String xml(String name) {
    try {
      return Files.readString(Path.of("src/test/resources/schedule/drivers/soap", name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One step of the simulated sapstartsrv: in state {@code from}, method answers and moves on. */
  private void step(String from, String method, int status, String body, String to) {
    server.stubFor(
        post(urlEqualTo(PATH))
            .inScenario("sap")
            .whenScenarioStateIs(from)
            .withRequestBody(containing("<urn:" + method + ">"))
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Content-Type", "text/xml; charset=utf-8")
                    .withBody(body))
            .willSetStateTo(to));
  }

  @Test
  void successSequencePollsUntilGrayThenGreen() {
    step(Scenario.STARTED, "RestartService", 200, xml("restartservice.xml"), "restarting");
    step("restarting", "GetProcessList", 503, "", "service-up");
    step("service-up", "GetProcessList", 200, xml("getprocesslist.xml"), "up");
    step("up", "StopSystem", 200, xml("stopsystem.xml"), "stopping");
    step("stopping", "GetSystemInstanceList", 200, xml("instances-stopping.xml"), "stopped");
    step("stopped", "GetSystemInstanceList", 200, xml("instances-gray.xml"), "down");
    step("down", "StartSystem", 200, xml("startsystem.xml"), "starting");
    step("starting", "GetSystemInstanceList", 200, xml("instances-starting.xml"), "started");
    step("started", "GetSystemInstanceList", 200, xml("instances-green.xml"), "started");

    RestartOutcome o = driver(Duration.ofSeconds(5)).restart(PRD, null, Duration.ofMinutes(30));

    assertTrue(o.ok(), o.summary() + "\n" + o.steps());
    assertEquals(Duration.ofSeconds(30), time.slept());
    String basic =
        "Basic " + java.util.Base64.getEncoder().encodeToString("prdadm:Sap-Pa55".getBytes());
    server.verify(
        postRequestedFor(urlEqualTo(PATH))
            .withHeader("SOAPAction", equalTo("\"\""))
            .withHeader("Content-Type", containing("text/xml"))
            .withHeader("Authorization", equalTo(basic))
            .withRequestBody(
                containing(
                    "<urn:StopSystem><options>SAPControl-ALL-INSTANCES</options>"
                        + "<prioritylevel></prioritylevel><softtimeout>480</softtimeout>"
                        + "<waittimeout>180</waittimeout></urn:StopSystem>")));
    server.verify(
        postRequestedFor(urlEqualTo(PATH))
            .withRequestBody(containing("<urn:StartSystem><options>SAPControl-ALL-INSTANCES")));
    server.verify(
        4, postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("GetSystemInstanceList")));
  }

  @Test
  void soapFaultFailsWithItsFaultstring() {
    step(Scenario.STARTED, "RestartService", 200, xml("restartservice.xml"), "up");
    step("up", "GetProcessList", 200, xml("getprocesslist.xml"), "up");
    step("up", "StopSystem", 500, xml("fault-permission.xml"), "up");
    RestartOutcome o = driver(Duration.ofSeconds(5)).restart(PRD, null, Duration.ofMinutes(30));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("StopSystem: SOAP fault: Permission denied"), o.summary());
    server.verify(0, postRequestedFor(urlEqualTo(PATH)).withRequestBody(containing("StartSystem")));
  }

  @Test
  void slowAnswerHitsTheRequestTimeout() {
    server.stubFor(
        post(urlEqualTo(PATH))
            .willReturn(aResponse().withFixedDelay(1500).withBody(xml("restartservice.xml"))));
    RestartOutcome o = driver(Duration.ofMillis(200)).restart(PRD, null, Duration.ofMinutes(30));
    assertFalse(o.ok());
    assertTrue(
        o.summary().contains("RestartService: sapstartsrv did not answer within 200 ms"),
        o.summary());
  }

  @Test
  void unauthorizedNamesTheUserNotThePassword() {
    server.stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withStatus(401)));
    RestartOutcome o = driver(Duration.ofSeconds(5)).restart(PRD, null, Duration.ofMinutes(30));
    assertFalse(o.ok());
    assertTrue(o.summary().contains("refused user 'prdadm' (HTTP 401)"), o.summary());
    assertFalse(String.join("\n", o.steps()).contains("Sap-Pa55"));
    assertFalse(o.summary().contains("Sap-Pa55"));
  }

  @Test
  void doctypeInAnAnswerIsRefused() {
    server.stubFor(post(urlEqualTo(PATH)).willReturn(aResponse().withBody(xml("doctype.xml"))));
    SapControlSoapClient client =
        new SapControlSoapClient(
            URI.create(server.baseUrl() + PATH),
            new SoapCredentials("prdadm", "x"),
            Duration.ofSeconds(2),
            Duration.ofSeconds(5));
    SapControlSoapException e =
        assertThrows(SapControlSoapException.class, () -> client.call("RestartService", Map.of()));
    assertTrue(e.getMessage().contains("not well-formed XML"), e.getMessage());
  }

  @Test
  void envelopeEscapesValuesAndParsesAsSoap() throws Exception {
    String env = SapControlSoapClient.envelope("ParameterValue", Map.of("parameter", "a<b&c"));
    var doc =
        SapControlSoapClient.secureFactory()
            .newDocumentBuilder()
            .parse(
                new java.io.ByteArrayInputStream(
                    env.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    var method =
        doc.getElementsByTagNameNS(SapControlSoapClient.SAPCONTROL_NS, "ParameterValue").item(0);
    assertEquals("a<b&c", method.getFirstChild().getTextContent());
    assertEquals(null, method.getFirstChild().getNamespaceURI(), "child elements are unqualified");
  }

  @Test
  void defaultEndpointUsesTheInstancePort() {
    assertEquals(
        URI.create("http://sapprd-app1:50013/SAPControl.cgi"),
        SapControlSoapDriver.defaultEndpoint(false).apply(PRD));
    assertEquals(
        URI.create("https://sapqas:50214/SAPControl.cgi"),
        SapControlSoapDriver.defaultEndpoint(true)
            .apply(SapTarget.SYSTEM_RESTART.target("sapqas", "QAS/02")));
  }
}
