package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile chain cases of issue 9 (src/test/resources/modules/sap_ldr_cntrl_chain/<case>):
 * {@code profiles/} is the profile directory before the task (DEFAULT.PFL included), {@code
 * expected/} after it, {@code ps} what {@code ps -f -u prdadm -Z} shows (absent: nothing runs).
 * Each case asserts the exact plan, the three states per instance, and that apply, then plan again,
 * leaves nothing to do.
 */
class SapLdrCntrlChainTest {
  private static final String OPTIONS = "DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K";
  private static final String DESIRED = "LDR_CNTRL=" + OPTIONS;

  @TempDir Path tmp;
  private Path dir;

  private static Path fixture(String name) {
    return Path.of("src/test/resources/modules/sap_ldr_cntrl_chain").resolve(name);
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private ModuleHarness harness(String name) throws IOException {
    return harness(name, Optional.empty());
  }

  private ModuleHarness harness(String name, Optional<List<String>> startedHere)
      throws IOException {
    dir = tmp.resolve("sapmnt/PRD/profile");
    Files.createDirectories(dir);
    for (String f : names(fixture(name).resolve("profiles"))) {
      Files.copy(
          fixture(name).resolve("profiles").resolve(f),
          dir.resolve(f),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    Path ps = fixture(name).resolve("ps");
    SapSystemFacts system =
        new SapSystemFacts(
            "PRD",
            dir.toString(),
            SapSystemFacts.instanceAndStartProfiles("PRD", names(dir)),
            List.of(),
            Optional.of(new SapKernelVersion(753, 1200)),
            PsPageSizes.parse(Files.exists(ps) ? Files.readString(ps) : ""),
            startedHere);
    return new ModuleHarness(
            new SapLdrCntrlModule(Clock.fixed(ModuleHarness.NOW, ZoneOffset.UTC)), tmp)
        .facts(Map.of(SapSystemsScan.fact("PRD", dir.toString()).name(), Map.of("PRD", system)));
  }

  private Map<String, Object> args() {
    return Map.of("sid", "PRD", "profile_dir", dir.toString());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> state(Plan plan, String instance) {
    for (Object o : (List<Object>) plan.registered().get("page_state")) {
      Map<String, Object> m = (Map<String, Object>) o;
      if (m.get("target").equals("sap/PRD/" + instance)) {
        return m;
      }
    }
    throw new AssertionError("no page_state for " + instance + ": " + plan.data());
  }

  private static List<String> puts(Plan plan) {
    return plan.steps().stream()
        .filter(s -> s instanceof Step.Put)
        .map(s -> Path.of(((Step.Put) s).path()).getFileName().toString())
        .toList();
  }

  private void assertExpected(String name) throws IOException {
    Path expected = fixture(name).resolve("expected");
    for (String f : names(expected)) {
      assertEquals(Files.readString(expected.resolve(f)), Files.readString(dir.resolve(f)), f);
    }
  }

  @Test
  void aDefaultPflNumberIsNeverReusedAndItsLdrCntrlOptionsAreKeptWhereTheyApply()
      throws IOException {
    ModuleHarness h = harness("default-collision");
    Plan plan = h.plan(args());
    // DEFAULT.PFL holds SETENV_06: the instances' next number is 07, not 05 or 06
    assertEquals(List.of("PRD_ASCS00_aixprdcs", "PRD_D10_aixprdap"), puts(plan));
    assertEquals(
        List.of(
            "PRD_ASCS00_aixprdcs: added SETENV_07 = LDR_CNTRL=MAXDATA=0x80000000@"
                + OPTIONS
                + " (keeps MAXDATA=0x80000000 of DEFAULT.PFL SETENV_00)",
            "PRD_D10_aixprdap: added SETENV_07 = LDR_CNTRL="
                + OPTIONS
                + " (DEFAULT.PFL SETENV_00 LDR_CNTRL=MAXDATA=0x80000000 does not reach D10:"
                + " PRD_D10_aixprdap SETENV_00 replaces it)"),
        plan.data().get("changes"));
    assertEquals(1, plan.steps().stream().filter(s -> s instanceof Step.RequestRestart).count());
    assertEquals(false, plan.data().get("persisted"));
    assertEquals(false, plan.data().get("effective"));

    Map<String, Object> ascs = state(plan, "ASCS00");
    assertEquals(DESIRED, ascs.get("desired"));
    assertEquals(false, ascs.get("persisted"));
    assertEquals(
        "LDR_CNTRL=MAXDATA=0x80000000 (DEFAULT.PFL SETENV_00)", ascs.get("persisted_value"));
    assertEquals(false, ascs.get("effective"));
    assertEquals("not running", ascs.get("effective_value"));
    assertEquals(true, ascs.get("pending_restart"));
    assertEquals(
        List.of(
            "ASCS00: DEFAULT.PFL SETENV_00 sets LDR_CNTRL=MAXDATA=0x80000000, not " + OPTIONS,
            "ASCS00: not running on this host, so nothing runs with the setting yet"),
        ascs.get("reasons"));

    // D10's own SETENV_00 replaces DEFAULT.PFL's: MAXDATA never reached it, and is not added
    Map<String, Object> d10 = state(plan, "D10");
    assertEquals(false, d10.get("persisted"));
    assertEquals("", d10.get("persisted_value").toString().replace("(none)", ""));
    assertEquals(
        List.of(
            "D10: no SETENV sets LDR_CNTRL for PRD_D10_aixprdap",
            "D10: DEFAULT.PFL SETENV_00 (LDR_CNTRL=MAXDATA=0x80000000) does not reach it:"
                + " PRD_D10_aixprdap SETENV_00 (DIR_LIBRARY) replaces it, so its options are not"
                + " kept",
            "D10: not running on this host, so nothing runs with the setting yet"),
        d10.get("reasons"));

    h.assertConverges(args());
    assertExpected("default-collision");
    Plan again = h.plan(args());
    ModuleHarness.assertUpToDate(again);
    assertEquals(true, again.data().get("persisted"));
    assertEquals(false, again.data().get("effective"));
    assertEquals(true, again.data().get("pending_restart"));
    assertEquals(
        "LDR_CNTRL=MAXDATA=0x80000000@" + OPTIONS + " (PRD_ASCS00_aixprdcs SETENV_07)",
        state(again, "ASCS00").get("persisted_value"));
    assertEquals(
        "LDR_CNTRL=" + OPTIONS + " (PRD_D10_aixprdap SETENV_07)",
        state(again, "D10").get("persisted_value"));
    assertEquals(true, state(again, "D10").get("persisted"));
  }

  @Test
  void whenEveryInstanceTakesDefaultPflsLineThatLineIsMerged() throws IOException {
    ModuleHarness h = harness("default-merge-all");
    Plan plan = h.plan(args());
    assertEquals(List.of("DEFAULT.PFL"), puts(plan));
    assertEquals(
        List.of(
            "DEFAULT.PFL: SETENV_00: LDR_CNTRL MAXDATA=0x80000000 -> MAXDATA=0x80000000@"
                + OPTIONS
                + " (every instance takes DEFAULT.PFL's line: ASCS00, D10)"),
        plan.data().get("changes"));
    assertEquals(false, plan.data().get("persisted"));
    for (String i : List.of("ASCS00", "D10")) {
      assertEquals(
          "LDR_CNTRL=MAXDATA=0x80000000 (DEFAULT.PFL SETENV_00)",
          state(plan, i).get("persisted_value"));
    }
    h.assertConverges(args());
    assertExpected("default-merge-all");
    Plan again = h.plan(args());
    ModuleHarness.assertUpToDate(again);
    assertEquals(true, again.data().get("persisted"));
    for (String i : List.of("ASCS00", "D10")) {
      assertEquals(true, state(again, i).get("persisted"));
      assertEquals(
          "LDR_CNTRL=MAXDATA=0x80000000@" + OPTIONS + " (DEFAULT.PFL SETENV_00)",
          state(again, i).get("persisted_value"));
    }
  }

  @Test
  void anAscsNotRestartedIsNotEffectiveAndSaysWhichProcessesAreStill4K() throws IOException {
    ModuleHarness h = harness("ascs-not-restarted");
    Plan plan = h.plan(args());
    ModuleHarness.assertUpToDate(plan);
    assertEquals(true, plan.data().get("persisted"));
    assertEquals(false, plan.data().get("effective"));
    assertEquals(true, plan.data().get("pending_restart"));

    Map<String, Object> ascs = state(plan, "ASCS00");
    assertEquals(true, ascs.get("persisted"));
    assertEquals(false, ascs.get("effective"));
    assertEquals(true, ascs.get("pending_restart"));
    assertEquals(
        "DPGSZ/SPGSZ/TPGSZ/SHMPGSZ: sapstart sapstart 4K/4K/4K/4K, message server"
            + " ms.sapPRD_ASCS00 4K/4K/4K/4K, enqueue server en.sapPRD_ASCS00 4K/4K/4K/4K",
        ascs.get("effective_value"));
    assertEquals(
        List.of(
            "ASCS00: sapstart sapstart (1 of 1, pid 4587700) still at DPGSZ=4K, TPGSZ=4K,"
                + " SPGSZ=4K, SHMPGSZ=4K",
            "ASCS00: message server ms.sapPRD_ASCS00 (1 of 1, pid 4587750) still at DPGSZ=4K,"
                + " TPGSZ=4K, SPGSZ=4K, SHMPGSZ=4K",
            "ASCS00: enqueue server en.sapPRD_ASCS00 (1 of 1, pid 4587751) still at DPGSZ=4K,"
                + " TPGSZ=4K, SPGSZ=4K, SHMPGSZ=4K"),
        ascs.get("reasons"));

    // D10 was restarted: every process of it, IGS children included, at 64K
    Map<String, Object> d10 = state(plan, "D10");
    assertEquals(true, d10.get("persisted"));
    assertEquals(true, d10.get("effective"));
    assertEquals(false, d10.get("pending_restart"));
    assertEquals(
        "DPGSZ/SPGSZ/TPGSZ/SHMPGSZ: sapstart sapstart 64K/64K/64K/64K, dispatcher dw.sapPRD_D10"
            + " 64K/64K/64K/64K, work process dw.sapPRD_D10 64K/64K/64K/64K, gateway gwrd"
            + " 64K/64K/64K/64K, ICM icman 64K/64K/64K/64K, IGS ig.sapPRD_D10 64K/64K/64K/64K,"
            + " IGS igsmux_mt 64K/64K/64K/64K, IGS igspw_mt 64K/64K/64K/64K",
        d10.get("effective_value"));
    // what was left as it is stays said: DEFAULT.PFL's MAXDATA does not reach D10
    assertEquals(
        List.of(
            "D10: DEFAULT.PFL SETENV_00 (LDR_CNTRL=MAXDATA=0x80000000) does not reach it:"
                + " PRD_D10_aixprdap SETENV_00 (DIR_LIBRARY) replaces it, so its options are not"
                + " kept"),
        d10.get("reasons"));

    // ERS20: only its sapstartsrv runs; D10's and ASCS00's processes never stand in for it
    Map<String, Object> ers = state(plan, "ERS20");
    assertEquals(true, ers.get("persisted"));
    assertEquals(false, ers.get("effective"));
    assertEquals("not running", ers.get("effective_value"));
    assertEquals(
        List.of("ERS20: not running on this host, so nothing runs with the setting yet"),
        ers.get("reasons"));

    String msg = String.valueOf(plan.data().get("msg"));
    assertTrue(
        msg.contains(
            "pending restart of SAP system PRD: ASCS00: sapstart sapstart (1 of 1, pid 4587700)"),
        msg);
    // idempotent: nothing to apply, and the next plan says the same
    ApplyResult applied = h.apply(args());
    assertTrue(applied.failure().isEmpty(), applied::toString);
    assertEquals(false, applied.changed());
    assertEquals(List.of(), applied.restarts(), "a restart is asked for by a change, not again");
    ModuleHarness.assertUpToDate(h.plan(args()));
    assertExpected("ascs-not-restarted");
  }

  @Test
  void instancesAnotherHostStartsAreLeftToThatHost() throws IOException {
    // this is the application server: its sapservices starts D10 only
    ModuleHarness h = harness("ascs-not-restarted", Optional.of(List.of("PRD_D10_aixprdap")));
    Plan plan = h.plan(args());
    ModuleHarness.assertUpToDate(plan);
    assertEquals(true, plan.data().get("persisted"));
    assertEquals(true, plan.data().get("effective"), plan.data()::toString);
    assertEquals(false, plan.data().get("pending_restart"));
    Map<String, Object> ascs = state(plan, "ASCS00");
    assertEquals(true, ascs.get("persisted"));
    assertEquals(false, ascs.get("effective"));
    assertEquals("on another host", ascs.get("effective_value"));
    assertEquals(false, ascs.get("pending_restart"));
    assertEquals(
        List.of(
            "ASCS00: not started on this host (no active line of /usr/sap/sapservices names its"
                + " profile): its own host verifies it"),
        ascs.get("reasons"));
    assertEquals(true, state(plan, "D10").get("effective"));

    // and on a host that starts none of PRD's instances, nothing is effective here
    Plan none = harness("ascs-not-restarted", Optional.of(List.of())).plan(args());
    assertEquals(false, none.data().get("effective"));
    assertTrue(
        String.valueOf(none.data().get("msg"))
            .contains("no instance of PRD is started on this host"),
        none.data()::toString);
  }
}
