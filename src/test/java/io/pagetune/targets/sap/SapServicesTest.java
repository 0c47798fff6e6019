package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SapServicesTest {
  @Test
  void activeClassicAndSystemdLines() {
    SapServices s = SapServices.fact().parse(Fixtures.ok("facts/sap_services/sapservices"));
    assertEquals(
        List.of(
            "/usr/sap/NWP/SYS/profile/NWP_ASCS01_sapnwpas",
            "/usr/sap/NWP/SYS/profile/NWP_D00_sapnwpas",
            "/usr/sap/DAA/SYS/profile/DAA_SMDA98_sapnwpas"),
        s.profiles());
    assertEquals(2, s.profilesOf("NWP").size());
    assertTrue(s.profilesOf("OLD").isEmpty(), "commented-out instance");
  }

  @Test
  void profileNames() {
    SapProfileName ascs =
        SapProfileName.parse("/usr/sap/NWP/SYS/profile/NWP_ASCS00_sapnwpas").orElseThrow();
    assertEquals(SapProfileName.Kind.INSTANCE, ascs.kind());
    assertEquals(Optional.of("NWP"), ascs.sid());
    assertEquals("ASCS00", ascs.instance());
    assertEquals("00", ascs.instanceNr());
    assertEquals("sapnwpas", ascs.host());
    assertTrue(ascs.isCentralServices());

    SapProfileName ers = SapProfileName.parse("S4X_ERS20_s4xhost").orElseThrow();
    assertEquals("ERS", ers.instanceName());
    assertFalse(ers.isCentralServices());

    SapProfileName start = SapProfileName.parse("START_DVEBMGS00_host_1").orElseThrow();
    assertEquals(SapProfileName.Kind.START, start.kind());
    assertEquals("DVEBMGS00", start.instance());
    assertEquals("host_1", start.host());

    assertEquals(
        SapProfileName.Kind.DEFAULT, SapProfileName.parse("DEFAULT.PFL").orElseThrow().kind());
    assertTrue(SapProfileName.parse("NWP_D00_sapnwpas.1").isEmpty(), "backup copy");
    assertTrue(SapProfileName.parse("notes.txt").isEmpty());
  }
}
