package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.Fixtures;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SapKernelVersionTest {
  @Test
  void domainSampleOfDispWorkVersion() {
    assertEquals(
        Optional.of(new SapKernelVersion(753, 1112)),
        SapKernelVersion.fromDispWorkVersion(
            Fixtures.read("facts/sap_kernel_version/domain_sample.txt")));
  }

  @Test
  void anchoredPatchLineWinsOverKernelPatchNumber() {
    assertEquals(
        Optional.of(new SapKernelVersion(754, 110)),
        SapKernelVersion.fromDispWorkVersion(
            Fixtures.read("facts/sap_kernel_version/full_layout.txt")));
  }

  @Test
  void missingPatchIsEmpty() {
    assertTrue(
        SapKernelVersion.fromDispWorkVersion(
                Fixtures.read("facts/sap_kernel_version/no_patch_line.txt"))
            .isEmpty());
    assertTrue(SapKernelVersion.fromDispWorkVersion("").isEmpty());
  }

  @Test
  void kernelPatchNumberIsTheFallback() {
    assertEquals(
        Optional.of(new SapKernelVersion(753, 900)),
        SapKernelVersion.fromDispWorkVersion("kernel release 753\nkernel patch number 900\n"));
  }

  @Test
  void domainVersionInfoString() {
    assertEquals(
        Optional.of(new SapKernelVersion(753, 1112)),
        SapKernelVersion.fromVersionInfo(
            "753, patch 1112, changelist 20xxxxx, RKS compatibility level 1, optU (Jan 3 2024,"
                + " 01:37:46), linuxx86_64"));
  }

  @Test
  void getVersionInfoPrefersDispWork() {
    assertEquals(
        Optional.of(new SapKernelVersion(753, 1112)),
        SapKernelVersion.fromGetVersionInfo(
            Fixtures.read("facts/sap_version_info/list_format.txt")));
  }

  @Test
  void getVersionInfoWithoutDispWorkTakesTheLowest() {
    assertEquals(
        Optional.of(new SapKernelVersion(753, 1300)),
        SapKernelVersion.fromGetVersionInfo(
            Fixtures.read("facts/sap_version_info/no_disp_work.txt")));
  }

  @Test
  void scriptFormatGetVersionInfo() {
    String out =
        "0 Filename: /usr/sap/NWP/D00/exe/disp+work\n"
            + "0 VersionInfo: 754, patch 120, changelist 1\n"
            + "1 Filename: /usr/sap/NWP/D00/exe/gwrd\n"
            + "1 VersionInfo: 754, patch 100, changelist 1\n";
    assertEquals(
        Optional.of(new SapKernelVersion(754, 120)), SapKernelVersion.fromGetVersionInfo(out));
  }

  @Test
  void factParsesStdout() {
    var fact = SapKernelVersion.dispWorkFact("nwpadm");
    assertEquals("su - nwpadm -c 'disp+work -version'", fact.script());
    assertEquals(
        Optional.of(new SapKernelVersion(753, 1112)),
        fact.parse(Fixtures.ok("facts/sap_kernel_version/domain_sample.txt")));
    assertTrue(fact.parse(CommandResult.of(127, "", "not found")).isEmpty());
  }

  @Test
  void displayForm() {
    assertEquals("7.53 PL 1112", new SapKernelVersion(753, 1112).toString());
  }
}
