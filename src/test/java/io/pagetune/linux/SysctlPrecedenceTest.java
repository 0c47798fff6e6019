package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.SysctlAssignment;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SysctlPrecedenceTest {
  private static final ConfFile OWN =
      new ConfFile("/etc/sysctl.d/97-pagetune-hugepages.conf", "vm.nr_hugepages = 6148\n");

  @Test
  void aNameInEtcShadowsTheSameNameInUsrLibAndTheRestSortByName() {
    SysctlPrecedence p =
        SysctlPrecedence.of(
            List.of(
                new ConfFile("/usr/lib/sysctl.d/99-oracle-hugepages.conf", "vm.nr_hugepages=1\n"),
                new ConfFile("/usr/lib/sysctl.d/98-zz.conf", "vm.nr_hugepages=2\n"),
                OWN,
                new ConfFile("/etc/sysctl.d/99-oracle-hugepages.conf", "vm.nr_hugepages=5000\n"),
                new ConfFile("/run/sysctl.d/10-early.conf", "vm.nr_hugepages=3\n")));
    assertEquals(
        List.of(
            "/run/sysctl.d/10-early.conf",
            "/etc/sysctl.d/97-pagetune-hugepages.conf",
            "/usr/lib/sysctl.d/98-zz.conf",
            "/etc/sysctl.d/99-oracle-hugepages.conf"),
        p.order().stream().map(ConfFile::path).toList());
    assertEquals(
        Optional.of(
            new SysctlAssignment(
                "vm.nr_hugepages", "5000", "/etc/sysctl.d/99-oracle-hugepages.conf", 1)),
        p.winner("vm.nr_hugepages"));
  }

  @Test
  void etcSysctlConfIsReadAs99SysctlConfAndBeatsA97DropIn() {
    ConfFile conf = new ConfFile("/etc/sysctl.conf", "# Oracle\nvm/nr_hugepages = 1024\n");
    ConfFile link = new ConfFile("/etc/sysctl.d/99-sysctl.conf", "/etc/sysctl.conf", conf.text());
    for (List<ConfFile> files : List.of(List.of(OWN, conf), List.of(OWN, link, conf))) {
      SysctlPrecedence p = SysctlPrecedence.of(files);
      assertEquals(
          Optional.of(new SysctlAssignment("vm.nr_hugepages", "1024", "/etc/sysctl.conf", 2)),
          p.winner("vm.nr_hugepages"));
    }
    // a real 99-sysctl.conf (not the link) replaces it
    SysctlPrecedence real =
        SysctlPrecedence.of(
            List.of(OWN, new ConfFile("/etc/sysctl.d/99-sysctl.conf", "kernel.x = 1\n"), conf));
    assertEquals("6148", real.winner("vm.nr_hugepages").orElseThrow().value());
  }

  @Test
  void theFactScriptsViewOfAFixtureHostGivesTheSameWinners() throws Exception {
    LinuxBootConfig boot = BootConfigFixture.of("rac");
    SysctlPrecedence p = boot.sysctlPrecedence();
    assertEquals(
        List.of(
            "/usr/lib/sysctl.d/50-default.conf",
            "/etc/sysctl.d/97-pagetune-hugepages.conf",
            "/etc/sysctl.d/99-oracle-hugepages.conf",
            "/etc/sysctl.conf"),
        p.order().stream().map(ConfFile::path).toList());
    assertEquals(
        "/etc/sysctl.d/99-oracle-hugepages.conf:2",
        p.winner("vm.nr_hugepages").orElseThrow().where());
    assertEquals("/etc/sysctl.conf:2", p.winner("vm.hugetlb_shm_group").orElseThrow().where());
    assertEquals("54322", p.winner("vm.hugetlb_shm_group").orElseThrow().value());
  }

  @Test
  void commentsIgnoredDashKeysCountAndValuesAreReplacedInPlace() {
    String text = "; old\n# vm.nr_hugepages = 9\n-vm.nr_hugepages=  7  \n";
    SysctlPrecedence p = SysctlPrecedence.of(List.of(new ConfFile("/etc/sysctl.d/x.conf", text)));
    SysctlAssignment a = p.winner("vm.nr_hugepages").orElseThrow();
    assertEquals(3, a.line());
    assertEquals("7", a.value());
    assertEquals(
        "; old\n# vm.nr_hugepages = 9\n-vm.nr_hugepages= 6148\n",
        SysctlPrecedence.replaceValue(text, 3, "6148"));
    assertEquals(
        "vm.nr_hugepages = 6148", SysctlPrecedence.replaceValue("vm.nr_hugepages = 5", 1, "6148"));
  }
}
