package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Instances whose processes name no instance (program names only in ps): judged by every process
 * they could own, so a restarted system converges, a stopped one is not running, and processes off
 * the sizes keep the instances they could belong to pending, by name.
 */
class SapUnattributedInstanceTest {
  private static final LdrCntrl DESIRED =
      LdrCntrl.parse("DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K");
  private static final List<String> JAVA = List.of("JPR_SCS01_jprhost", "JPR_J00_jprhost");
  private static final List<String> ABAP =
      List.of("NWP_ASCS01_sapnwpas", "NWP_D00_sapnwpas", "NWP_D02_sapnwpd2");

  private static List<SapInstanceEffect> effects(String sid, String ps, List<String> profiles) {
    SapSystemFacts system =
        new SapSystemFacts(
            sid,
            "/usr/sap/" + sid + "/SYS/profile",
            profiles,
            List.of(),
            Optional.empty(),
            PsPageSizes.parse(Fixtures.read("facts/ps_page_sizes/" + ps)));
    return SapInstanceEffect.forSystem(system, SapInstanceProfiles.group(profiles), DESIRED);
  }

  @Test
  void aJavaSystemBeforeItsRestartIsPendingNamingTheProcessesEachInstanceCouldOwn() {
    List<SapInstanceEffect> e = effects("JPR", "java_names_only_before.txt", JAVA);
    SapInstanceEffect scs = e.get(0);
    SapInstanceEffect j00 = e.get(1);
    assertTrue(scs.running() && j00.running());
    assertFalse(scs.effective());
    assertFalse(j00.effective());
    assertEquals(
        List.of(
            "SCS01: its processes cannot be told apart (no pf= profile or instance name in ps),"
                + " and sapstart 410102, msg_server 410140, enserver 410141, sapstart 410230,"
                + " icman 410262 it could own are not at "
                + DESIRED.render()),
        scs.reasons());
    assertEquals(
        List.of(
            "J00: its processes cannot be told apart (no pf= profile or instance name in ps),"
                + " and sapstart 410102, sapstart 410230, jstart 410260, jstart 410261,"
                + " icman 410262 it could own are not at "
                + DESIRED.render()),
        j00.reasons());
  }

  @Test
  void aJavaSystemRestartedWithTheSizesConvergesForEveryInstance() {
    List<SapInstanceEffect> e = effects("JPR", "java_names_only_after.txt", JAVA);
    for (SapInstanceEffect x : e) {
      assertTrue(x.running(), x::toString);
      assertTrue(x.effective(), x::toString);
      assertEquals(List.of(), x.reasons());
    }
    // sapstartsrv keeps its 4K until RestartService: it judges nobody
    assertEquals(2, e.get(1).count(SapProcessKind.JAVA));
    assertEquals(0, e.get(1).count(SapProcessKind.SAPSTARTSRV));
  }

  @Test
  void aStoppedInstanceIsNotRunningNeverEffective() {
    List<SapInstanceEffect> e = effects("JPR", "java_names_only_j_stopped.txt", JAVA);
    assertTrue(e.get(0).effective(), e.get(0)::toString);
    SapInstanceEffect j00 = e.get(1);
    assertFalse(j00.running());
    assertFalse(j00.effective());
    assertEquals("not running", j00.value());
    assertEquals(
        List.of(
            "J00: not running (no Java (jstart) process of the SID), so nothing runs with the"
                + " setting yet"),
        j00.reasons());
  }

  @Test
  void aStoppedSystemLeavesEveryInstanceNotRunning() {
    // only the two sapstartsrv are up: they name no instance, and nothing sapstart starts runs
    List<SapInstanceEffect> e = effects("JPR", "java_names_only_before.txt", JAVA);
    SapSystemFacts stopped =
        new SapSystemFacts(
            "JPR",
            "/usr/sap/JPR/SYS/profile",
            JAVA,
            List.of(),
            Optional.empty(),
            PsPageSizes.parse(
                String.join(
                    "\n",
                    Fixtures.read("facts/ps_page_sizes/java_names_only_before.txt")
                        .lines()
                        .limit(3)
                        .toList())));
    e = SapInstanceEffect.forSystem(stopped, SapInstanceProfiles.group(JAVA), DESIRED);
    assertTrue(e.stream().noneMatch(SapInstanceEffect::running), e::toString);
    assertTrue(e.stream().noneMatch(SapInstanceEffect::effective), e::toString);
  }

  @Test
  void oneProcessOffTheSizesKeepsEveryInstanceItCouldBelongToPending() {
    List<SapInstanceEffect> e = effects("NWP", "abap_names_only_one_off.txt", ABAP);
    // a gateway may run in any instance: none of the three is proven effective
    for (SapInstanceEffect x : e) {
      assertTrue(x.running(), x::toString);
      assertFalse(x.effective(), x::toString);
      assertEquals(
          List.of(
              x.instance()
                  + ": its processes cannot be told apart (no pf= profile or instance name in"
                  + " ps), and gwrd 351276 it could own is not at "
                  + DESIRED.render()),
          x.reasons());
    }
  }

  @Test
  void aProcessOnlyAnotherInstanceTypeRunsDoesNotHoldAnInstanceBack() {
    // msg_server at 4K can only be the ASCS's: D00 and D02 converge, ASCS01 stays pending
    String ps =
        Fixtures.read("facts/ps_page_sizes/abap_names_only_one_off.txt")
            .replace(
                "   64K   64K   64K     64K msg_server", "    4K    4K    4K      4K msg_server")
            .replace("    4K    4K    4K      4K gwrd", "   64K   64K   64K     64K gwrd");
    SapSystemFacts system =
        new SapSystemFacts(
            "NWP",
            "/usr/sap/NWP/SYS/profile",
            ABAP,
            List.of(),
            Optional.empty(),
            PsPageSizes.parse(ps));
    List<SapInstanceEffect> e =
        SapInstanceEffect.forSystem(system, SapInstanceProfiles.group(ABAP), DESIRED);
    assertFalse(e.get(0).effective());
    assertTrue(e.get(0).reasons().get(0).contains("msg_server 345640 it could own"));
    assertTrue(e.get(1).effective(), e.get(1)::toString);
    assertTrue(e.get(2).effective(), e.get(2)::toString);
  }
}
