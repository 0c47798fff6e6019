package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PagesizeA;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MpssStartservModuleTest {
  @TempDir Path tmp;
  private Path instance;

  @BeforeEach
  void instance() throws IOException {
    instance = tmp.resolve("opt/webserver7/https-web1");
    Files.createDirectories(instance.resolve("bin"));
    Files.copy(
        Path.of("src/test/resources/pages/startserv/startserv"), instance.resolve("bin/startserv"));
  }

  private ModuleHarness harness(String pagesizes, ElfWordSize word) throws IOException {
    String sizes =
        Files.readString(Path.of("src/test/resources/facts/pagesize_a").resolve(pagesizes));
    // the fixture's startserv names SERVER_ROOT=/opt/SUNWwbsvr7: its lib/webservd decides
    String binary = "/opt/SUNWwbsvr7/lib/webservd";
    return new ModuleHarness(
            new MpssStartservModule(Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC)), tmp)
        .facts(
            Map.of(
                PageFacts.PAGE_SIZES.name(), PagesizeA.parse(sizes),
                ElfWordSize.fact(binary).name(), word,
                SolarisFacts.WEB_SERVERS.name(), Map.of()));
  }

  private Map<String, Object> args() {
    return Map.of("instance_dir", instance.toString());
  }

  @ParameterizedTest
  @CsvSource({
    "sparc_cmt.txt, BITS_64, LD_PRELOAD_64, /usr/lib/sparcv9/mpss.so.1, 256M",
    "sparc_cmt.txt, BITS_32, LD_PRELOAD_32, /usr/lib/mpss.so.1, 256M",
    "sparc_4m_only.txt, BITS_64, LD_PRELOAD_64, /usr/lib/64/mpss.so.1, 4M",
    "sparc_4m_only.txt, BITS_32, LD_PRELOAD_32, /usr/lib/mpss.so.1, 4M"
  })
  void variantFollowsWordSizeAndPageSizes(
      String sizes, ElfWordSize word, String variable, String library, String heap)
      throws Exception {
    ModuleHarness h = harness(sizes, word);
    Plan plan = h.plan(args());
    assertTrue(
        plan.steps().stream()
            .anyMatch(
                s ->
                    s instanceof Step.RequestRestart r
                        && r.target()
                            .equals(
                                new RestartTarget(
                                    "web_server", "localhost", instance.toString()))));
    h.assertConverges(args());
    String text = Files.readString(instance.resolve("bin/startserv"));
    assertTrue(text.contains("MPSSHEAP=" + heap + "\nexport MPSSHEAP\n# END pagetune MPSS\nexec "));
    // the block appends to a preload the variable already holds and keeps it once on a re-run
    String block =
        text.substring(text.indexOf("# BEGIN pagetune MPSS"), text.indexOf("# END pagetune MPSS"));
    assertEquals(
        "/opt/monitor/lib/other.so " + library,
        runBlock(block + block + "echo \"$" + variable + "\"\n", variable));
    Plan again = h.plan(args());
    assertEquals(true, again.data().get("persisted"));
    assertEquals(true, again.data().get("pending_restart"));
  }

  private static String runBlock(String script, String variable) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", script);
    pb.environment().put(variable, "/opt/monitor/lib/other.so");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    return out;
  }

  @Test
  void refusesWhenNeither256MNor4MIsSupported() throws IOException {
    String before = TreeHash.of(tmp);
    Plan plan = harness("solaris_x86.txt", ElfWordSize.BITS_64).plan(args());
    assertTrue(plan.failure().isPresent());
    assertTrue(
        plan.failure().get().contains("neither 256M nor 4M pages are supported"),
        plan.failure().get());
    assertEquals(before, TreeHash.of(tmp));
  }

  @Test
  void refusesAnUnknownWordSize() throws IOException {
    Plan plan = harness("sparc_cmt.txt", ElfWordSize.UNKNOWN).plan(args());
    assertTrue(plan.failure().get().contains("word size of the web server is unknown"));
  }
}
