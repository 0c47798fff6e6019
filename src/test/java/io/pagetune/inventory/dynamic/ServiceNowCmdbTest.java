package io.pagetune.inventory.dynamic;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.testing.MutableClock;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code servicenow_cmdb} source against WireMock in the Table API's shape: 1,000 CIs in three
 * pages followed by their {@code Link rel="next"} headers up to {@code X-Total-Count}; groups and
 * host variables from display values; a cache with a TTL on an injected clock; an outage served
 * from the cache with a warning, or one clear error without one.
 */
class ServiceNowCmdbTest {
  static final String TABLE = "/api/now/table/cmdb_ci_linux_server";
  static final String PASSWORD = "Cmdb-Secret-9931";
  static final String QUERY = "operational_status=1^ORDERBYsys_id";

  @TempDir Path dir;
  WireMockServer server;
  final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T08:00:00Z"));
  final List<String> warnings = new ArrayList<>();
  final List<Duration> sleeps = new ArrayList<>();
  Path plugin;

  @BeforeEach
  void start() throws IOException {
    server = new WireMockServer(options().dynamicPort());
    server.start();
    plugin = Files.writeString(dir.resolve("cmdb.yml"), pluginFile(dir.resolve("cache/cmdb.json")));
  }

  @AfterEach
  void stop() {
    server.stop();
  }

  static String pluginFileFor(String instance, Path cache) {
    return "plugin: servicenow_cmdb\n"
        + "instance: "
        + instance
        + "\ntable: cmdb_ci_linux_server\n"
        + "query: operational_status=1\n"
        + "hostname: fqdn\n"
        + "page_size: 400\n"
        + "group_by:\n  os: os\n  sys_class_name: class\n  used_for: env\n  support_group: team\n"
        + "host_vars:\n  ansible_host: ip_address\n  cmdb_os_version: os_version\n"
        + "  cmdb_support_group: support_group\n  cmdb_sys_id: sys_id\n"
        + "cache:\n  ttl: 15m\n  path: "
        + cache
        + "\n";
  }

  private String pluginFile(Path cache) {
    return pluginFileFor(server.baseUrl(), cache);
  }

  DynamicSources sources(Duration requestTimeout) {
    return new DynamicSources(
        Map.of("PAGETUNE_SNOW_USER", "cmdb.reader", "PAGETUNE_SNOW_PASSWORD", PASSWORD),
        clock,
        dir.resolve("default-cache"),
        InventoryScript.DEFAULT_TIMEOUT,
        new ServiceNowClient.Options(
            Duration.ofSeconds(2), requestTimeout, 3, Duration.ofMillis(10), Duration.ofMillis(20)),
        sleeps::add,
        warnings::add);
  }

  Inventory load() {
    return load(Duration.ofSeconds(10));
  }

  Inventory load(Duration requestTimeout) {
    return new InventoryLoader(new YamlReader(dir), sources(requestTimeout)).load(plugin);
  }

  /** Three pages of 400, 400 and 200 CIs, each linking to the next as ServiceNow does. */
  static void answerThreePages(WireMockServer server) {
    String base = server.baseUrl();
    int[][] pages = {{0, 1, 400}, {400, 401, 800}, {800, 801, 1000}};
    for (int[] p : pages) {
      StringBuilder link = new StringBuilder();
      link.append(pageLink(base, 0, "first"));
      if (p[0] + 400 < CmdbFixture.CIS) {
        link.append(',').append(pageLink(base, p[0] + 400, "next"));
      }
      link.append(',').append(pageLink(base, 800, "last"));
      server.stubFor(
          get(urlPathEqualTo(TABLE))
              .withQueryParam("sysparm_offset", equalTo(String.valueOf(p[0])))
              .withQueryParam("sysparm_limit", equalTo("400"))
              .withQueryParam("sysparm_query", equalTo(QUERY))
              .withQueryParam("sysparm_display_value", equalTo("all"))
              .willReturn(
                  aResponse()
                      .withHeader("Content-Type", "application/json;charset=UTF-8")
                      .withHeader("X-Total-Count", String.valueOf(CmdbFixture.CIS))
                      .withHeader("Link", link.toString())
                      .withBody(CmdbFixture.page(base, p[1], p[2]))));
    }
  }

  private static String pageLink(String base, int offset, String rel) {
    return "<"
        + base
        + TABLE
        + "?sysparm_query="
        + URLEncoder.encode(QUERY, StandardCharsets.UTF_8)
        + "&sysparm_display_value=all&sysparm_limit=400&sysparm_offset="
        + offset
        + ">;rel=\""
        + rel
        + "\"";
  }

  @Test
  void threePagesOfAThousandCisGiveExactlyTheFixturesHostsGroupsAndVariables() {
    answerThreePages(server);
    Inventory inv = load();

    List<String> expectedHosts = new ArrayList<>();
    for (int i = 1; i <= CmdbFixture.CIS; i++) {
      expectedHosts.add(CmdbFixture.fqdn(i));
    }
    assertEquals(expectedHosts, inv.hosts().stream().map(Host::name).toList());
    assertEquals(
        new TreeSet<>(
            List.of(
                "all",
                "ungrouped",
                "os_Linux_Red_Hat",
                "os_SUSE_Linux_Enterprise",
                "os_Oracle_Linux_8",
                "class_Linux_Server",
                "env_Production",
                "env_Test",
                "env_Development",
                "env_QA",
                "team_Linux_Ops",
                "team_SAP_Basis")),
        new TreeSet<>(inv.groups().keySet()));
    assertEquals(333, inv.hostsIn("os_Linux_Red_Hat").size());
    assertEquals(334, inv.hostsIn("os_SUSE_Linux_Enterprise").size());
    assertEquals(1000, inv.hostsIn("class_Linux_Server").size());
    assertEquals(250, inv.hostsIn("env_QA").size());
    assertEquals(400, inv.hostsIn("team_Linux_Ops").size());
    assertEquals(400, inv.hostsIn("team_SAP_Basis").size());
    for (int i = 1; i <= CmdbFixture.CIS; i++) {
      Host h = inv.host(CmdbFixture.fqdn(i)).orElseThrow();
      assertEquals(
          new TreeSet<>(CmdbFixture.groups(i)),
          new TreeSet<>(h.groups().subList(1, h.groups().size())),
          h.name());
      Map<String, Object> vars = h.vars().resolve();
      assertEquals(CmdbFixture.ip(i), vars.get("ansible_host"), h.name());
      assertEquals("8." + (i % 10), vars.get("cmdb_os_version"), h.name());
      assertEquals(CmdbFixture.team(i), vars.get("cmdb_support_group"), h.name());
      assertEquals(CmdbFixture.sysId(i), vars.get("cmdb_sys_id"), h.name());
    }
    // spelled out for two CIs: display values, not sys_ids or class names
    Map<String, Object> first = inv.host("lnx0001.example.com").orElseThrow().vars().resolve();
    assertEquals("10.20.0.1", first.get("ansible_host"));
    assertEquals("SAP Basis", first.get("cmdb_support_group"));
    assertEquals(
        List.of(
            "all", "class_Linux_Server", "env_Test", "os_SUSE_Linux_Enterprise", "team_SAP_Basis"),
        inv.host("lnx0001.example.com").orElseThrow().groups());
    assertEquals(
        List.of("all", "class_Linux_Server", "env_Production", "os_SUSE_Linux_Enterprise"),
        inv.host("lnx1000.example.com").orElseThrow().groups());
    server.verify(3, getRequestedFor(urlPathEqualTo(TABLE)));
    assertEquals(List.of(), warnings);
  }

  @Test
  void theCacheIsUsedWithinItsTtlAndRefetchedAfter() throws IOException {
    answerThreePages(server);
    load();
    server.verify(3, getRequestedFor(urlPathEqualTo(TABLE)));
    Path cache = dir.resolve("cache/cmdb.json");
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.getParent())));
    assertFalse(Files.readString(cache).contains(PASSWORD));

    clock.advance(Duration.ofMinutes(14));
    assertEquals(1000, load().hosts().size());
    server.verify(3, getRequestedFor(urlPathEqualTo(TABLE)));

    clock.advance(Duration.ofMinutes(2));
    assertEquals(1000, load().hosts().size());
    server.verify(6, getRequestedFor(urlPathEqualTo(TABLE)));
  }

  @Test
  void anOutageUsesTheCacheWithAWarning() {
    answerThreePages(server);
    Inventory fresh = load();
    clock.advance(Duration.ofHours(3));
    server.resetAll();
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(503)));

    Inventory cached = load();

    assertEquals(
        fresh.hosts().stream().map(Host::name).toList(),
        cached.hosts().stream().map(Host::name).toList());
    assertEquals(fresh.groups().keySet(), cached.groups().keySet());
    assertEquals(
        fresh.host("lnx0002.example.com").orElseThrow().vars().resolve(),
        cached.host("lnx0002.example.com").orElseThrow().vars().resolve());
    assertEquals(fresh.dynamicAnswers(), cached.dynamicAnswers());
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals(
        "cmdb.yml: ServiceNow is unavailable (could not read cmdb_ci_linux_server after 3"
            + " attempts; ServiceNow answered HTTP 503); using the inventory cached 3 h ago"
            + " (2026-12-01T08:00:00Z) from "
            + dir.resolve("cache/cmdb.json"),
        warnings.get(0));
  }

  @Test
  void anOutageWithoutACacheIsOneClearError() {
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(502)));
    InputException e = assertThrows(InputException.class, this::load);
    assertEquals(
        "cmdb.yml:1:1: cannot load the CMDB inventory: could not read cmdb_ci_linux_server after 3"
            + " attempts; ServiceNow answered HTTP 502; no cached inventory at "
            + dir.resolve("cache/cmdb.json"),
        e.getMessage());
    assertFalse(e.getMessage().contains(PASSWORD));
  }

  @Test
  void aTimeoutWithoutACacheIsOneClearError() {
    server.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(aResponse().withFixedDelay(3000).withBody("{\"result\":[]}")));
    InputException e = assertThrows(InputException.class, () -> load(Duration.ofMillis(200)));
    assertEquals(
        "cmdb.yml:1:1: cannot load the CMDB inventory: ServiceNow did not answer within 200 ms"
            + " (read cmdb_ci_linux_server); no cached inventory at "
            + dir.resolve("cache/cmdb.json"),
        e.getMessage());
  }

  @Test
  void refusedCredentialsAreNotAnOutage() {
    answerThreePages(server);
    load();
    clock.advance(Duration.ofHours(1));
    server.resetAll();
    server.stubFor(get(urlPathEqualTo(TABLE)).willReturn(aResponse().withStatus(401)));
    InputException e = assertThrows(InputException.class, this::load);
    assertEquals(
        "cmdb.yml:1:1: cannot load the CMDB inventory: ServiceNow refused user 'cmdb.reader'"
            + " (HTTP 401): check the credentials and the user's roles",
        e.getMessage());
  }

  @Test
  void aClearTextPasswordInThePluginFileIsRefused() throws IOException {
    Files.writeString(plugin, pluginFile(dir.resolve("c.json")) + "password: " + PASSWORD + "\n");
    InputException e = assertThrows(InputException.class, this::load);
    assertTrue(e.getMessage().startsWith("cmdb.yml:"), e.getMessage());
    assertTrue(e.getMessage().contains("never written in clear"), e.getMessage());
    assertFalse(e.getMessage().contains(PASSWORD));
    server.verify(0, getRequestedFor(urlPathEqualTo(TABLE)));
  }

  @Test
  void aPluginPagetuneDoesNotImplementIsRefusedNamingIt() throws IOException {
    Files.writeString(plugin, "plugin: servicenow.itsm.now\ninstance: x\n");
    InputException e = assertThrows(InputException.class, this::load);
    assertEquals(
        "cmdb.yml:1:1: inventory plugin 'servicenow.itsm.now' is not implemented by pagetune (it"
            + " implements servicenow_cmdb; or list hosts under 'all:')",
        e.getMessage());
  }
}
