package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.pages.ScriptFact;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web server scan script on a lab host (a real shell, the lab's stand-ins for ps, pmap and
 * file): an instance outside every usual directory is found through its running processes, one in
 * /var/opt through the directory search, and each is judged by its own worker.
 */
class WebServersScanScriptTest {
  @TempDir Path root;

  private void instance(String dir, String startserv, String platform) throws IOException {
    Path d = root.resolve(dir.substring(1));
    Files.createDirectories(d.resolve("bin"));
    Files.createDirectories(d.resolve("config"));
    Files.writeString(d.resolve("bin/startserv"), startserv);
    Files.writeString(
        d.resolve("config/server.xml"),
        "<server>"
            + (platform.isEmpty() ? "" : "<platform>" + platform + "</platform>")
            + "</server>\n");
  }

  private void running(String name, String dir, String startserv) throws IOException {
    Path r = Files.createDirectories(root.resolve(".state/running"));
    Files.writeString(r.resolve(name + ".startserv"), startserv);
    Files.writeString(r.resolve(name + ".dir"), dir + "\n");
  }

  @Test
  void findsInstancesWhereverThePlatformRunsThem() throws Exception {
    String odd =
        "SERVER_INSTALL_ROOT=\"/cust/sw/ws7\"\n"
            + "LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; export LD_PRELOAD_64\n"
            + "MPSSHEAP=256M; export MPSSHEAP\n"
            + "${SERVER_BIN} -d /cust/web/https-odd/config\n";
    instance("/cust/web/https-odd", odd, "64");
    Files.createDirectories(root.resolve("cust/sw/ws7/lib/sparcv9"));
    Files.writeString(
        root.resolve("cust/sw/ws7/lib/sparcv9/webservd"),
        "ELF 64-bit MSB executable SPARCV9 Version 1, dynamically linked\n");
    running("https-odd", "/cust/web/https-odd", odd);
    String stopped = "SERVER_INSTALL_ROOT=\"/opt/SUNWwbsvr7\"\nwebservd-wdog -d x\n";
    instance("/var/opt/SUNWwbsvr7/https-stopped", stopped, "");
    Files.createDirectories(root.resolve("opt/SUNWwbsvr7/lib"));
    Files.writeString(
        root.resolve("opt/SUNWwbsvr7/lib/webservd"),
        "ELF 32-bit MSB executable SPARC32PLUS Version 1, V8+ Required\n");

    Map<String, WebServerFacts> scan = WebServersScan.parse(runScan());
    assertEquals(
        List.of("/cust/web/https-odd", "/var/opt/SUNWwbsvr7/https-stopped"),
        List.copyOf(scan.keySet()));
    WebServerFacts o = scan.get("/cust/web/https-odd");
    assertEquals("/cust/sw/ws7", o.installRoot());
    assertEquals(ElfWordSize.BITS_64, o.wordSize());
    assertEquals("/cust/sw/ws7/lib/sparcv9/webservd", o.serverBinary());
    assertEquals("worker pid 4002: 256M:100%", o.heapState());
    WebServerFacts s = scan.get("/var/opt/SUNWwbsvr7/https-stopped");
    assertFalse(s.running());
    assertEquals(ElfWordSize.BITS_32, s.wordSize());
    assertTrue(s.pmap().isEmpty());
  }

  private String runScan() {
    String script = ((ScriptFact<?>) WebServersScan.fact()).script();
    Map<String, Object> vars =
        Map.of("ansible_connection", "lab", "pagetune_lab_root", root.toString());
    // the script as a real host runs it: the lab maps the paths it reads out of ps and startserv
    try (Connection c = LabConnection.factory().open(ConnectionSpec.fromVars("sol-scan", vars))) {
      CommandResult r = c.run(RemoteCommand.script(script), Duration.ofSeconds(30));
      assertEquals(0, r.exitCode(), r.stderr());
      return r.stdout();
    }
  }
}
