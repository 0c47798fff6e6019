package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PageFacts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The web server part of the page facts: the scan summarized. */
class SolarisPageFactsTest {
  private final PageFacts pageFacts = new PageFacts(List.of(new SolarisFacts()));

  @Test
  void webScanSummary() {
    Map<String, Object> summary =
        pageFacts.summary(
            Map.of(
                SolarisFacts.WEB_SERVERS.name(),
                WebServersScan.parse(Fixtures.read("facts/web_servers/two_instances.txt"))));
    assertEquals(
        "{/var/opt/SUNWwbsvr7/https-intranet={word_size=bits_32, mpss_block=false,"
            + " install_root=/opt/SUNWwbsvr7, heap=not running, worker=not running},"
            + " /var/opt/SUNWwbsvr7/https-shop={word_size=bits_64, mpss_block=true,"
            + " install_root=/opt/SUNWwbsvr7, heap=256M:100%, worker=worker pid 2231:"
            + " 256M:100%}}",
        summary.get("web_servers").toString());
  }
}
