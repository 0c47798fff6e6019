package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PagesizeA;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A generic LD_PRELOAD entry whose ELF class its path does not tell is carried into the word-size
 * variable pagetune writes: LD_PRELOAD_64 hides LD_PRELOAD from a 64-bit server (ld.so.1), and
 * ld.so.1 skips an entry of the wrong class, so carrying it is safe and dropping it is not.
 */
class StartservPreloadTest {
  private static final String APM = "/opt/apm/agent/libapm_preload.so";
  @TempDir Path tmp;

  @Test
  void classesTheirPathsTell() {
    List<String> pair = List.of("/opt/m/lib/libt.so", "/opt/m/lib/sparcv9/libt.so");
    assertEquals(ElfWordSize.BITS_32, StartservPreload.classOf(pair.get(0), pair));
    assertEquals(ElfWordSize.BITS_64, StartservPreload.classOf(pair.get(1), pair));
    assertEquals(ElfWordSize.BITS_32, StartservPreload.classOf("/usr/lib/libumem.so", List.of()));
    assertEquals(ElfWordSize.UNKNOWN, StartservPreload.classOf(APM, List.of(APM)));
    assertEquals(ElfWordSize.UNKNOWN, StartservPreload.classOf("libumem.so", List.of()));
    assertTrue(StartservPreload.validFor(APM, ElfWordSize.BITS_64));
    assertTrue(StartservPreload.validFor(APM, ElfWordSize.BITS_32));
    assertFalse(StartservPreload.validFor(pair.get(0), ElfWordSize.BITS_64, pair));
  }

  @Test
  void anEntryOfUnknownClassIsCarriedIntoLdPreload64AndTheServerStartsWithBoth() throws Exception {
    Path instance = tmp.resolve("opt/webserver7/https-shop");
    Files.createDirectories(instance.resolve("bin"));
    Files.copy(
        Path.of("src/test/resources/pages/startserv/apm-agent-generic"),
        instance.resolve("bin/startserv"));
    ModuleHarness h =
        new ModuleHarness(
                new MpssStartservModule(Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC)), tmp)
            .facts(
                Map.of(
                    PageFacts.PAGE_SIZES.name(),
                    PagesizeA.parse(
                        Files.readString(
                            Path.of("src/test/resources/facts/pagesize_a/sparc_cmt.txt"))),
                    ElfWordSize.fact("/opt/webserver7/lib/webservd").name(),
                    ElfWordSize.BITS_64,
                    SolarisFacts.WEB_SERVERS.name(),
                    Map.of()));
    Map<String, Object> args = Map.of("instance_dir", instance.toString());
    Plan plan = h.plan(args);
    assertTrue(
        plan.steps().stream()
            .anyMatch(
                s ->
                    s instanceof Step.RequestRestart r
                        && r.target()
                            .equals(
                                new RestartTarget("web_server", "localhost", instance.toString()))),
        plan::toString);
    assertEquals(false, plan.data().get("persisted"), plan.data()::toString);
    h.assertConverges(args);
    Plan after = h.plan(args);
    assertEquals(true, after.data().get("persisted"), after.data()::toString);
    assertEquals(true, after.data().get("pending_restart"), after.data()::toString);

    // what the restarted server gets: both libraries in the variable its word size reads
    Path bin = Files.createDirectories(tmp.resolve("opt/webserver7/lib"));
    Path wdog = bin.resolve("webservd-wdog");
    Files.writeString(wdog, "#!/bin/sh\necho \"64=[$LD_PRELOAD_64] heap=[$MPSSHEAP]\"\n");
    Files.setPosixFilePermissions(wdog, PosixFilePermissions.fromString("rwxr-xr-x"));
    String text =
        Files.readString(instance.resolve("bin/startserv"))
            .replace("SERVER_ROOT=/opt/webserver7", "SERVER_ROOT=" + tmp.resolve("opt/webserver7"))
            .replace(
                "INSTANCE_ROOT=/opt/webserver7", "INSTANCE_ROOT=" + tmp.resolve("opt/webserver7"));
    Path script = tmp.resolve("startserv-run");
    Files.writeString(script, text);
    ProcessBuilder pb = new ProcessBuilder("/bin/sh", script.toString());
    pb.environment().keySet().removeIf(k -> k.startsWith("LD_PRELOAD") || k.startsWith("MPSS"));
    // this machine's ld.so warns about the Solaris path on stderr: only stdout is the answer
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    assertEquals("64=[" + APM + " /usr/lib/sparcv9/mpss.so.1] heap=[256M]", out);
  }
}
