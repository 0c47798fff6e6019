package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageState;
import io.pagetune.pages.PagesizeA;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * {@code pagetune facts} states what a web server will start with the way ld.so.1 computes it from
 * the whole startserv, so a hand-made setup is persisted and a wrong hand-made heap is not.
 */
class SolarisFactStatesTest {
  private static final String HANDMADE =
      String.join(
          "\n",
          "#!/bin/sh",
          "SERVER_INSTALL_ROOT=/opt/webserver7",
          "LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; export LD_PRELOAD_64",
          "MPSSHEAP=%s; export MPSSHEAP",
          "exec /opt/webserver7/lib/sparcv9/webservd-wdog -d /opt/webserver7/https-www/config \"$@\"",
          "");

  private static PageState state(String heap, Optional<String> pmapFixture) throws Exception {
    Optional<PmapPageSizes> pmap =
        pmapFixture.isEmpty()
            ? Optional.empty()
            : Optional.of(
                PmapPageSizes.parse(
                    Files.readString(
                        Path.of("src/test/resources/facts/pmap_page_sizes", pmapFixture.get()))));
    WebServerFacts web =
        new WebServerFacts(
            "/opt/webserver7/https-www",
            "/opt/webserver7",
            "/opt/webserver7/lib/sparcv9/webservd",
            OptionalInt.of(64),
            ElfWordSize.BITS_64,
            false,
            List.of(),
            pmap,
            Optional.of(HANDMADE.formatted(heap)));
    Map<String, Object> gathered = new LinkedHashMap<>();
    gathered.put(
        PageFacts.PAGE_SIZES.name(),
        PagesizeA.parse(
            Files.readString(Path.of("src/test/resources/facts/pagesize_a/sparc_cmt.txt"))));
    gathered.put(SolarisFacts.WEB_SERVERS.name(), Map.of(web.instanceDir(), web));
    Map<String, Object> pages = new LinkedHashMap<>();
    new SolarisFacts().summarize(gathered, pages);
    List<PageState> states = new SolarisTarget().factStates(pages);
    assertEquals(1, states.size(), states::toString);
    return states.get(0);
  }

  @Test
  void aHandMadeSetupIsPersistedWithoutPagetunesBlock() throws Exception {
    PageState s = state("256M", Optional.of("webservd_256m.txt"));
    assertTrue(s.persisted(), s::toString);
    assertEquals("LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M", s.persistedValue());
    assertTrue(s.effective(), s::toString);
    assertEquals(List.of(), s.reasons());
  }

  @Test
  void aWrongHandMadeHeapIsNotPersistedNorEffective() throws Exception {
    PageState s = state("4M", Optional.empty());
    assertFalse(s.persisted(), s::toString);
    assertFalse(s.effective(), s::toString);
    assertEquals(
        "bin/startserv starts the server with LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1;"
            + " MPSSHEAP=4M, not mpss.so.1 with MPSSHEAP=256M",
        s.reasons().get(0));
  }
}
