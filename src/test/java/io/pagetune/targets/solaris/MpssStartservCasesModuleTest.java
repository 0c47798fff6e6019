package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PagesizeA;
import io.pagetune.schedule.RestartTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The module on issue 9's startserv layouts: the stock Web Server 7 script of a package install
 * (instance in /var/opt, install root in /opt, word size from server.xml), a hand-made setup and a
 * wrong hand-made MPSSHEAP; exact plan and diff, page_state before and after, idempotence, and the
 * effective state judged on the instance's own worker.
 */
class MpssStartservCasesModuleTest {
  private static final String STAMP_FIXTURE = "r-0001 at 2026-11-29T21:00:00Z";
  private static final String STAMP_RUN = "20260301T101530Z at 2026-03-01T10:15:30Z";
  @TempDir Path tmp;

  private Path instance(String startserv, String platform) throws IOException {
    Path dir = tmp.resolve("var/opt/SUNWwbsvr7/https-shop");
    Files.createDirectories(dir.resolve("bin"));
    Files.createDirectories(dir.resolve("config"));
    Files.copy(
        Path.of("src/test/resources/pages/startserv").resolve(startserv),
        dir.resolve("bin/startserv"));
    Files.writeString(
        dir.resolve("config/server.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<server>\n  <cluster>\n"
            + "    <local-host>shop</local-host>\n  </cluster>\n"
            + (platform.isEmpty() ? "" : "  <platform>" + platform + "</platform>\n")
            + "  <user>webservd</user>\n  <temp-path>/tmp/https-shop-9e2f1a04</temp-path>\n"
            + "</server>\n");
    return dir;
  }

  private ModuleHarness harness(String pagesizes, String webScan) throws IOException {
    String sizes =
        Files.readString(Path.of("src/test/resources/facts/pagesize_a").resolve(pagesizes));
    return new ModuleHarness(
            new MpssStartservModule(Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC)), tmp)
        .facts(
            Map.of(
                PageFacts.PAGE_SIZES.name(),
                PagesizeA.parse(sizes),
                SolarisFacts.WEB_SERVERS.name(),
                WebServersScan.parse(webScan)));
  }

  private static String expected(String name) throws IOException {
    return Files.readString(Path.of("src/test/resources/pages/startserv").resolve(name))
        .replace(STAMP_FIXTURE, STAMP_RUN);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> pageState(Plan plan) {
    List<Map<String, Object>> states =
        (List<Map<String, Object>>) plan.registered().get("page_state");
    assertEquals(1, states.size());
    return states.get(0);
  }

  @Test
  void stockWebServer7Of64BitPlatformGetsMpssInTheStartArm() throws Exception {
    Path dir = instance("stock-ws7", "64");
    ModuleHarness h = harness("sparc_cmt.txt", "");
    Map<String, Object> args = Map.of("instance_dir", dir.toString());
    Plan plan = h.plan(args);
    assertTrue(plan.failure().isEmpty(), () -> plan.failure().get());
    String before = Files.readString(dir.resolve("bin/startserv"));
    String after = expected("stock-ws7.expected-64bit-256M");
    assertEquals(2, plan.steps().size());
    Step.Put put = assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(dir + "/bin/startserv", put.path());
    assertEquals(after, new String(put.content(), java.nio.charset.StandardCharsets.UTF_8));
    Step.RequestRestart restart = assertInstanceOf(Step.RequestRestart.class, plan.steps().get(1));
    assertEquals(new RestartTarget("web_server", "localhost", dir.toString()), restart.target());
    assertEquals(List.of(new FileDiff(dir + "/bin/startserv", before, after)), plan.diffs());
    assertEquals("bits_64", plan.data().get("word_size"));
    assertEquals(
        dir + "/config/server.xml <platform>64</platform>", plan.data().get("word_size_from"));
    assertEquals(false, plan.data().get("persisted"));
    Map<String, Object> state = pageState(plan);
    assertEquals("web/https-shop", state.get("target"));
    assertEquals(
        "LD_PRELOAD_64 += /usr/lib/sparcv9/mpss.so.1, MPSSHEAP=256M", state.get("desired"));
    assertEquals(false, state.get("persisted"));
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/64/libumem.so; MPSSHEAP=(not set)", state.get("persisted_value"));
    assertEquals(false, state.get("effective"));
    assertEquals("not running", state.get("effective_value"));

    h.assertConverges(args);
    assertEquals(after, Files.readString(dir.resolve("bin/startserv")));
    Plan again = h.plan(args);
    assertEquals(true, again.data().get("persisted"));
    assertEquals(false, again.data().get("effective"));
    assertEquals(true, again.data().get("pending_restart"));
    Map<String, Object> s2 = pageState(again);
    assertEquals(true, s2.get("persisted"));
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/64/libumem.so /usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M",
        s2.get("persisted_value"));
    assertEquals(List.of(dir + " is not running"), s2.get("reasons"));
  }

  @Test
  void thirtyTwoBitStockOnA4MBoxUsesLdPreload32() throws Exception {
    Path dir = instance("stock-ws7", "32");
    ModuleHarness h = harness("sparc_4m_only.txt", "");
    Map<String, Object> args = Map.of("instance_dir", dir.toString());
    h.assertConverges(args);
    assertEquals(
        expected("stock-ws7.expected-32bit-4M"), Files.readString(dir.resolve("bin/startserv")));
  }

  @Test
  void handMadeSetupIsOkWithoutRestart() throws Exception {
    Path dir = instance("handmade-256M", "64");
    String running = runningScan(dir, "256M");
    Plan plan = harness("sparc_cmt.txt", running).plan(Map.of("instance_dir", dir.toString()));
    ModuleHarness.assertUpToDate(plan);
    assertEquals(true, plan.data().get("persisted"));
    assertEquals(true, plan.data().get("effective"));
    assertEquals(false, plan.data().get("pending_restart"));
    Map<String, Object> state = pageState(plan);
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M", state.get("persisted_value"));
    assertEquals("worker pid 4402: 256M:100%", state.get("effective_value"));
    assertEquals(List.of(), state.get("reasons"));
  }

  @Test
  void wrongHandMadeHeapIsCorrectedInPlaceAndTheWorkerIsJudged() throws Exception {
    Path dir = instance("handmade-4M-wrong", "64");
    String running = runningScan(dir, "4M");
    ModuleHarness h = harness("sparc_cmt.txt", running);
    Map<String, Object> args = Map.of("instance_dir", dir.toString());
    Plan plan = h.plan(args);
    assertEquals("MPSSHEAP 4M -> 256M in place (line 6)", plan.data().get("changes"));
    Map<String, Object> state = pageState(plan);
    assertEquals(false, state.get("persisted"));
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; MPSSHEAP=4M", state.get("persisted_value"));
    assertEquals(false, state.get("effective"));
    assertEquals("worker pid 4402: 4M:100%", state.get("effective_value"));
    assertEquals(
        List.of(
            "MPSSHEAP is 4M, not 256M",
            "0% of the worker webservd's (pid 4402) [ heap ] in 256M pages"),
        state.get("reasons"));
    h.assertConverges(args);
    assertEquals(
        expected("handmade-4M-wrong.expected"), Files.readString(dir.resolve("bin/startserv")));
    assertFalse(Files.readString(dir.resolve("bin/startserv")).contains("BEGIN pagetune"));
  }

  /**
   * A scan where the instance runs (watchdog, primordial with a small 8K heap, worker with its heap
   * in {@code workerHeap} pages) next to another instance whose worker has 256M pages.
   */
  private static String runningScan(Path dir, String workerHeap) {
    String d = dir.toString();
    return String.join(
        "\n",
        "@@pt-web ps -",
        "  PID  PPID COMMAND",
        " 4400     1 /opt/SUNWwbsvr7/lib/sparcv9/webservd-wdog -d " + d + "/config -r /x",
        " 4401  4400 webservd -d " + d + "/config -r /x",
        " 4402  4401 webservd -d " + d + "/config -r /x",
        " 5500     1 /opt/SUNWwbsvr7/lib/webservd-wdog -d /other/https-b/config -r /x",
        " 5501  5500 webservd -d /other/https-b/config -r /x",
        " 5502  5501 webservd -d /other/https-b/config -r /x",
        "@@pt-web instance " + d,
        "@@pt-web pmap 4401",
        "4401:\twebservd",
        " Address  Kbytes     RSS    Anon  Locked Pgsz Mode   Mapped File",
        "0003C000    2048    2048    2048       -   8K rwx--    [ heap ]",
        "@@pt-web pmap 4402",
        "4402:\twebservd",
        " Address  Kbytes     RSS    Anon  Locked Pgsz Mode   Mapped File",
        "00400000  524288  524288  524288       - " + workerHeap + " rwx--    [ heap ]",
        "@@pt-web pmap 5502",
        "5502:\twebservd",
        " Address  Kbytes     RSS    Anon  Locked Pgsz Mode   Mapped File",
        "10000000  524288  524288  524288       - 256M rwx--    [ heap ]",
        "");
  }
}
