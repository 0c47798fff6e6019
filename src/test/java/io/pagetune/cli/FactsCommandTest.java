package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FactsCommandTest {
  @TempDir Path tmp;

  private Path inventory(String extraHost) throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (String h : new String[] {"pase-nwp", "sol-web256", "sol-web4m"}) {
      sb.append("    ")
          .append(h)
          .append(": {ansible_connection: lab, pagetune_lab_root: '")
          .append(tmp.resolve("roots").resolve(h))
          .append("'}\n");
    }
    sb.append(extraHost);
    Path inv = tmp.resolve("hosts.yml");
    Files.writeString(inv, sb.toString());
    return inv;
  }

  @Test
  void tableOfTheLabHosts() throws Exception {
    CliRun run = CliRun.of("facts", "-i", inventory("").toString());
    assertEquals(0, run.exitCode(), run::toString);
    String[] lines = run.out().split("\n");
    assertTrue(lines[0].startsWith("HOST"), run.out());
    assertTrue(
        run.out()
            .matches(
                "(?s).*pase-nwp +OS400 7\\.4 +4K,64K,16M +NWP disp\\+work"
                    + " 64K/64K/4K/4K x4 .*NWP 7\\.53 PL 1112.*"),
        run.out());
    assertTrue(run.out().contains("8K,64K,512K,4M,32M,256M,2G  webservd heap 8K:100%"), run.out());
    assertTrue(run.out().matches("(?s).*sol-web4m +SunOS 5\\.10 +8K,64K,512K,4M +webservd.*"));
  }

  @Test
  void jsonAndUnreachable() throws Exception {
    Path inv =
        inventory(
            "    ghost: {ansible_connection: lab, pagetune_lab_root: '"
                + tmp.resolve("nowhere")
                + "'}\n");
    CliRun run = CliRun.of("facts", "-i", inv.toString(), "--output", "json");
    assertEquals(3, run.exitCode(), run::toString);
    JsonNode hosts = new ObjectMapper().readTree(run.out()).get("hosts");
    assertEquals("ibm_i_pase", hosts.get("pase-nwp").get("platform").asText());
    assertEquals(
        "NWP_ASCS01_sapnwpas",
        hosts.get("pase-nwp").get("sap").get("NWP").get("profiles").get(0).asText());
    assertEquals(
        "bits_32",
        hosts
            .get("sol-web4m")
            .get("web_servers")
            .get("/opt/webserver7/https-web1")
            .get("word_size")
            .asText());
    assertTrue(hosts.get("ghost").get("unreachable").asText().contains("no seed"));
  }
}
