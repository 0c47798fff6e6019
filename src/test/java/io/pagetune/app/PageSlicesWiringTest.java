package io.pagetune.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.facts.Fact;
import io.pagetune.modules.Arg;
import io.pagetune.modules.Module;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the composition root assembles from the target slices, as users see it. */
class PageSlicesWiringTest {
  @Test
  void pageVerifyKeepsItsArgumentsInTheirOrder() {
    Module verify =
        new Wiring()
            .moduleList(Clock.systemUTC()).stream()
                .filter(m -> m.name().equals("page_verify"))
                .findFirst()
                .orElseThrow();
    assertEquals(
        List.of(
            "sap_sid",
            "sap_options",
            "web_instance",
            "heap_page_size",
            "hugepages_total",
            "alert_log",
            "postgres_data_dir",
            "postgres_bindir"),
        verify.spec().args().stream().map(Arg::name).toList());
    assertEquals(
        "DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K",
        verify.spec().find("sap_options").orElseThrow().defaultValue());
  }

  @Test
  void everyTargetsFactsGoIntoTheOneFactScript() {
    assertEquals(
        List.of(
            "pages_platform",
            "pages_page_sizes",
            "pages_sap_systems",
            "pages_isainfo",
            "pages_web_servers",
            "pages_meminfo",
            "pages_thp",
            "pages_boot_config",
            "pages_ipcs",
            "pages_pg_lsclusters"),
        new Wiring().pageFacts().facts().stream().map(Fact::name).toList());
  }
}
