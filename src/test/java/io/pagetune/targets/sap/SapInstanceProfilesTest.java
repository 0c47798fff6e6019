package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SapInstanceProfilesTest {
  @Test
  void aStartProfileJoinsItsInstanceAndDefaultPflIsNoInstance() {
    assertEquals(
        List.of(
            new SapInstanceProfiles("ASCS01", Optional.of("NWP_ASCS01_sapnwpas"), Optional.empty()),
            new SapInstanceProfiles(
                "D02", Optional.of("NWP_D02_sapnwpd2"), Optional.of("START_D02_sapnwpd2"))),
        SapInstanceProfiles.group(
            List.of(
                "DEFAULT.PFL", "NWP_ASCS01_sapnwpas", "NWP_D02_sapnwpd2", "START_D02_sapnwpd2")));
  }

  @Test
  void twoHostsWithTheSameInstanceNameAreToldApartByHost() {
    List<SapInstanceProfiles> g =
        SapInstanceProfiles.group(List.of("PRD_D00_hosta", "PRD_D00_hostb"));
    assertEquals(List.of("D00@hosta", "D00@hostb"), g.stream().map(i -> i.instance()).toList());
  }
}
