package io.pagetune.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose CMDB inventory cannot be loaded (ServiceNow down, no cache) stops with exit 4 and one
 * line naming the plugin file before any host, even one from another inventory, is contacted.
 */
class CmdbOutageRunTest {
  @TempDir Path dir;

  @Test
  void anOutageWithoutACacheStopsTheRunBeforeAnyHost() throws Exception {
    WireMockServer server = new WireMockServer(options().dynamicPort());
    server.start();
    try {
      server.stubFor(
          get(urlPathEqualTo("/api/now/table/cmdb_ci_linux_server"))
              .willReturn(aResponse().withStatus(503)));
      Path out = Files.createDirectories(dir.resolve("out"));
      Path hosts =
          Files.writeString(
              dir.resolve("hosts.yml"),
              "all:\n  hosts:\n    here:\n      ansible_connection: local\n");
      Path cmdb =
          Files.writeString(
              dir.resolve("cmdb.yml"),
              "plugin: servicenow_cmdb\ninstance: "
                  + server.baseUrl()
                  + "\ntable: cmdb_ci_linux_server\ncache:\n  path: "
                  + dir.resolve("cache.json")
                  + "\n");
      Path playbook =
          Files.writeString(
              dir.resolve("site.yml"),
              "- hosts: all\n  gather_facts: false\n  tasks:\n    - copy: {dest: \""
                  + out.resolve("touched")
                  + "\", content: x}\n");
      CliRun run =
          CliRun.withEnv(
              Map.of("PAGETUNE_SNOW_USER", "reader", "PAGETUNE_SNOW_PASSWORD", "Pw-7781"),
              "run",
              playbook.toString(),
              "-i",
              hosts.toString(),
              "-i",
              cmdb.toString());
      assertEquals(4, run.exitCode(), run.toString());
      assertTrue(
          run.err().contains(cmdb + ":1:1: cannot load the CMDB inventory:"), run.toString());
      assertTrue(run.err().contains("no cached inventory at " + dir.resolve("cache.json")));
      assertFalse(run.err().contains("Pw-7781"));
      assertFalse(Files.exists(out.resolve("touched")), "no host was contacted");
    } finally {
      server.stop();
    }
  }
}
