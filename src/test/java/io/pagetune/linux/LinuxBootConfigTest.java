package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.linux.sysctl.TunedProfile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LinuxBootConfigTest {
  @Test
  void oneSnippetReadsEveryFileThatDecidesBootAndLogin() throws Exception {
    LinuxBootConfig boot = BootConfigFixture.of("rac");
    assertEquals(
        List.of(
            "/etc/sysctl.d/97-pagetune-hugepages.conf",
            "/etc/sysctl.d/99-oracle-hugepages.conf",
            "/etc/sysctl.d/99-sysctl.conf",
            "/usr/lib/sysctl.d/50-default.conf",
            "/usr/lib/sysctl.d/99-oracle-hugepages.conf",
            "/etc/sysctl.conf"),
        boot.sysctl().stream().map(ConfFile::path).toList());
    ConfFile link = boot.sysctl().get(2);
    assertEquals("/etc/sysctl.conf", link.resolvedPath());
    assertEquals("vm.swappiness = 1\nvm/hugetlb_shm_group = 54322\n", link.text());
    assertEquals(3, boot.limits().size());
    assertEquals(Optional.of("54321"), boot.liveShmGroup());
    assertEquals(List.of("16", "512"), boot.running().hugepages());
    assertEquals("oracle-rac", boot.tunedProfile().orElseThrow().name());
    assertEquals(2, boot.blsEntries().size());
  }

  @Test
  void contentThatLooksLikeASectionMarkerCannotForgeOne() {
    String out =
        "@@pt0123456789abcdef\n\n@@pt0123456789abcdef sysctl /etc/sysctl.conf /etc/sysctl.conf\n"
            + "@@ptfake sysctl /etc/evil.conf /etc/evil.conf\nvm.nr_hugepages = 1\n"
            + "\n@@pt0123456789abcdef end - -\n";
    LinuxBootConfig boot = LinuxBootConfig.parse(out);
    assertEquals(1, boot.sysctl().size());
    assertTrue(boot.sysctl().get(0).text().contains("@@ptfake"));
    assertEquals(0, LinuxBootConfig.parse("").sysctl().size());
  }

  @Test
  void pamLimitsUserBeatsGroupBeatsStarAndLaterFilesWin() throws Exception {
    PamLimitsPrecedence p = BootConfigFixture.of("rac").limitsPrecedence();
    PamLimitsPrecedence.Memlock oracle = p.memlock("oracle", Set.of("oinstall", "dba"));
    // the preinstall file sorts after 99-pagetune-… ('o' > '9') and wins for oracle
    assertEquals(
        "soft 134217728 (/etc/security/limits.d/oracle-database-preinstall-19c.conf:4), hard"
            + " 134217728 (/etc/security/limits.d/oracle-database-preinstall-19c.conf:2)",
        oracle.describe());
    PamLimitsPrecedence.Memlock grid = p.memlock("grid", Set.of("oinstall", "asmadmin"));
    assertEquals(
        "soft 60397977 (/etc/security/limits.d/99-pagetune-oracle-memlock.conf:3), hard 60397977"
            + " (/etc/security/limits.d/99-pagetune-oracle-memlock.conf:3)",
        grid.describe());
    PamLimitsPrecedence.Memlock dba = p.memlock("scott", Set.of("dba"));
    assertEquals(
        "soft 64 (/etc/security/limits.conf:2), hard unlimited (/etc/security/limits.conf:3)",
        dba.describe());
    assertEquals(
        "oracle   hard   memlock    241591910 # x",
        PamLimitsPrecedence.replaceLimit(
            "oracle   hard   memlock    134217728 # x", 1, "241591910"));
  }

  @Test
  void nextBootCommandLineComesFromBlsEntriesAndReservationsPerSize() throws Exception {
    LinuxBootConfig boot = BootConfigFixture.of("rac");
    List<KernelCmdline> next = BootCmdline.nextBoot(boot);
    // the rescue entry defers to grubenv's $kernelopts and is not judged
    assertEquals(1, next.size());
    assertEquals(Optional.of("never"), next.get(0).transparentHugepage());
    assertEquals(
        Map.of(1L << 30, 16L, 2L << 20, 512L), BootCmdline.reservations(boot.running(), 2L << 20));
    KernelCmdline grub =
        BootCmdline.fromGrubDefaults(boot.defaultGrub().orElseThrow().text()).orElseThrow();
    assertTrue(grub.words().contains("numa=off"));
    assertEquals(
        "GRUB_TIMEOUT=5\n"
            + "GRUB_CMDLINE_LINUX=\"crashkernel=auto rd.lvm.lv=ol/root rhgb quiet"
            + " transparent_hugepage=madvise default_hugepagesz=1G hugepagesz=1G hugepages=13\"\n",
        BootCmdline.withGrubParams(
            "GRUB_TIMEOUT=5\nGRUB_CMDLINE_LINUX=\"crashkernel=auto rd.lvm.lv=ol/root rhgb quiet"
                + " hugepages=100 transparent_hugepage=never\"\n",
            List.of(
                "transparent_hugepage=madvise",
                "default_hugepagesz=1G",
                "hugepagesz=1G",
                "hugepages=13"),
            List.of("hugepages", "hugepagesz", "default_hugepagesz")));
    assertEquals(
        "GRUB_TIMEOUT=5\nGRUB_CMDLINE_LINUX=\"transparent_hugepage=never\"\n",
        BootCmdline.withGrubParams(
            "GRUB_TIMEOUT=5", List.of("transparent_hugepage=never"), List.of()));
  }

  @Test
  void tunedProfileValuesAndReapply() throws Exception {
    LinuxBootConfig boot = BootConfigFixture.of("rac");
    TunedProfile t = boot.tunedProfile().orElseThrow();
    assertEquals("3000", t.sysctl("vm.nr_hugepages").orElseThrow().value());
    assertEquals("never", t.thp().orElseThrow().value());
    assertTrue(TunedProfile.reapplySysctl(boot.tunedMain()));
    // reapplied: /etc/sysctl.d wins over the profile, /usr/lib/sysctl.d would not
    SysctlPersistence.BootValue v =
        SysctlPersistence.bootValue(boot.sysctl(), boot.tunedProfile(), true, "vm.nr_hugepages");
    assertEquals("5000", v.value());
    SysctlPersistence.BootValue off =
        SysctlPersistence.bootValue(boot.sysctl(), boot.tunedProfile(), false, "vm.nr_hugepages");
    assertEquals(
        "vm.nr_hugepages = 3000 (tuned profile, /etc/tuned/oracle-rac/tuned.conf:6)",
        off.describe());
  }
}
