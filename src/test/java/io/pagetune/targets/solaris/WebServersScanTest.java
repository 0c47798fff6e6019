package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PageSize;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WebServersScanTest {
  private final Map<String, WebServerFacts> scan =
      WebServersScan.parse(Fixtures.read("facts/web_servers/two_instances.txt"));

  @Test
  void instancesOfAPackageInstallWithTheirOwnInstallRootAndPlatform() {
    assertEquals(
        List.of("/var/opt/SUNWwbsvr7/https-intranet", "/var/opt/SUNWwbsvr7/https-shop"),
        List.copyOf(scan.keySet()));
    WebServerFacts shop = scan.get("/var/opt/SUNWwbsvr7/https-shop");
    assertEquals("/opt/SUNWwbsvr7", shop.installRoot());
    assertEquals(OptionalInt.of(64), shop.platform());
    assertEquals(ElfWordSize.BITS_64, shop.wordSize());
    assertEquals("/opt/SUNWwbsvr7/lib/sparcv9/webservd", shop.serverBinary());
    assertTrue(shop.mpssBlock());
    WebServerFacts intranet = scan.get("/var/opt/SUNWwbsvr7/https-intranet");
    // no <platform>: lib/webservd runs, and it is 32-bit
    assertEquals(ElfWordSize.BITS_32, intranet.wordSize());
    assertEquals("/opt/SUNWwbsvr7/lib/webservd", intranet.serverBinary());
    assertFalse(intranet.mpssBlock());
  }

  @Test
  void theWorkerOfTheInstanceIsJudgedNotThePrimordialOrAnotherInstance() {
    WebServerFacts shop = scan.get("/var/opt/SUNWwbsvr7/https-shop");
    assertEquals(
        List.of(
            WebServerProcess.Role.WATCHDOG,
            WebServerProcess.Role.PRIMORDIAL,
            WebServerProcess.Role.WORKER),
        shop.processes().stream().map(WebServerProcess::role).toList());
    assertEquals("2231", shop.worker().orElseThrow().pid());
    assertTrue(shop.pmap().orElseThrow().heapMostlyAt(PageSize.SIZE_256M));
    assertEquals("worker pid 2231: 256M:100%", shop.heapState());
    // stopped: reported as not running although the admin server's worker has a 256M heap
    WebServerFacts intranet = scan.get("/var/opt/SUNWwbsvr7/https-intranet");
    assertFalse(intranet.running());
    assertTrue(intranet.pmap().isEmpty());
    assertEquals("not running", intranet.heapState());
  }

  @Test
  void primordialWithoutWorkerIsNotJudged() {
    String ps =
        "  PID  PPID COMMAND\n"
            + " 70 1 /ws/lib/webservd-wdog -d /ws/https-a/config -r /ws -t /tmp/a -u web\n"
            + " 71 70 webservd -d /ws/https-a/config -r /ws -t /tmp/a -u web\n";
    WebServerProcesses p = WebServerProcesses.parse(ps);
    assertTrue(p.worker("/ws/https-a").isEmpty());
    assertEquals(2, p.of("/ws/https-a").size());
    assertEquals(List.of("/ws/https-a"), p.instances());
    // pargs -l quoting
    WebServerProcesses q =
        WebServerProcesses.parse(
            " 80 1 '/ws/lib/webservd-wdog' '-d' '/var/opt/ws/https-long-instance-name/config'\n");
    assertEquals(List.of("/var/opt/ws/https-long-instance-name"), q.instances());
  }

  @Test
  void serverXmlPlatform() {
    assertEquals(
        OptionalInt.of(64),
        Ws7ServerXml.platform("<server>\n  <platform>64</platform>\n</server>"));
    assertEquals(
        OptionalInt.empty(),
        Ws7ServerXml.platform("<server><!-- <platform>64</platform> --></server>"));
  }
}
