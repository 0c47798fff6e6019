package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Attribution of processes to instances, and the verdict per instance, on ps -f fixtures. */
class SapInstanceProcessesTest {
  private static final LdrCntrl DESIRED =
      LdrCntrl.parse("DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K");

  private static List<SapInstanceEffect> effects(String sid, String ps, List<String> profiles) {
    SapSystemFacts system =
        new SapSystemFacts(
            sid,
            "/sapmnt/" + sid + "/profile",
            profiles,
            List.of(),
            Optional.empty(),
            PsPageSizes.parse(Fixtures.read("facts/ps_page_sizes/" + ps)));
    return SapInstanceEffect.forSystem(system, SapInstanceProfiles.group(profiles), DESIRED);
  }

  @Test
  void linkNamesPfAndParentsAttributeEveryProcessToItsInstance() {
    PsPageSizes ps =
        PsPageSizes.parse(Fixtures.read("facts/ps_page_sizes/aix_f_ascs_not_restarted.txt"));
    Map<String, List<SapInstanceProcesses.Member>> m =
        SapInstanceProcesses.attribute(
            "PRD",
            ps,
            Map.of("PRD_ASCS00_aixprdcs", "ASCS00", "PRD_D10_aixprdap", "D10"),
            Map.of("ASCS00", "ASCS00", "D10", "D10"));
    assertEquals(
        List.of(
            "4587620 SAPSTARTSRV",
            "4587700 SAPSTART",
            "4587750 MESSAGE_SERVER",
            "4587751 ENQUEUE_SERVER"),
        m.get("ASCS00").stream().map(x -> x.process().pid() + " " + x.kind()).toList());
    assertEquals(
        List.of(
            "SAPSTARTSRV",
            "SAPSTART",
            "DISPATCHER",
            "WORK_PROCESS",
            "WORK_PROCESS",
            "GATEWAY",
            "ICM",
            "IGS",
            "IGS",
            "IGS"),
        m.get("D10").stream().map(x -> x.kind().name()).toList());
    // saposcol names no instance, and ERS20 has no profile here: neither is anybody's
    assertFalse(
        m.values().stream()
            .flatMap(List::stream)
            .anyMatch(x -> x.process().program().equals("saposcol")));
  }

  @Test
  void anAscsStillAt4kIsNotEffectiveAndAnInstanceWithOnlySapstartsrvIsNotRunning() {
    List<SapInstanceEffect> e =
        effects(
            "PRD",
            "aix_f_ascs_not_restarted.txt",
            List.of("PRD_ASCS00_aixprdcs", "PRD_D10_aixprdap", "PRD_ERS20_aixprders"));
    assertEquals(List.of("ASCS00", "D10", "ERS20"), e.stream().map(x -> x.instance()).toList());
    assertTrue(e.get(0).running());
    assertFalse(e.get(0).effective());
    assertEquals(3, e.get(0).reasons().size(), e.get(0).reasons()::toString);
    assertTrue(e.get(1).effective(), e.get(1).reasons()::toString);
    assertEquals(2, e.get(1).count(SapProcessKind.WORK_PROCESS));
    assertFalse(e.get(2).running());
    assertEquals(
        List.of("ERS20: not running on this host, so nothing runs with the setting yet"),
        e.get(2).reasons());
  }

  @Test
  void anotherSidsLinkNamesAreNotThisSystems() {
    List<SapInstanceEffect> e =
        effects("QAS", "aix_f_ascs_not_restarted.txt", List.of("QAS_D10_aixprdap"));
    assertFalse(e.get(0).running(), e.get(0).toString());
  }

  @Test
  void theMissingColumnsOfAThreeColumnPsAreNotJudged() {
    String ps =
        String.join(
            "\n",
            "     UID    PID   PPID   C    STIME    TTY  TIME DPGSZ SPGSZ TPGSZ CMD",
            "  nwpadm    100      1   0   Nov 28      -  0:00   64K   64K   64K sapstart pf=/p/NWP_D00_h",
            "  nwpadm    101    100   0   Nov 28      -  0:00   64K   64K   64K disp+work pf=/p/NWP_D00_h",
            "");
    SapSystemFacts system =
        new SapSystemFacts(
            "NWP", "/p", List.of("NWP_D00_h"), List.of(), Optional.empty(), PsPageSizes.parse(ps));
    SapInstanceEffect d00 =
        SapInstanceEffect.forSystem(
                system, SapInstanceProfiles.group(List.of("NWP_D00_h")), DESIRED)
            .get(0);
    assertTrue(d00.effective(), d00.toString());
    assertEquals(
        "DPGSZ/SPGSZ/TPGSZ: sapstart sapstart 64K/64K/64K, dispatcher disp+work 64K/64K/64K",
        d00.value());
  }
}
