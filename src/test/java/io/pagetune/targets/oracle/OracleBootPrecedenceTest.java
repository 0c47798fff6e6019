package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StubServices;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixture hosts where something other than pagetune's own files decides what boot and login apply:
 * each case asserts the exact plan, persisted/effective before and after, and that a second plan
 * after the apply has no steps.
 */
class OracleBootPrecedenceTest {
  @TempDir Path tmp;

  static final String OWN_SYSCTL = "/etc/sysctl.d/97-pagetune-hugepages.conf";
  static final String OWN_LIMITS = "/etc/security/limits.d/99-pagetune-oracle-memlock.conf";

  private static Map<String, Object> args() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("instances", List.of(Map.of("sid", "ORCL", "sga", "12G")));
    return a;
  }

  private static List<String> steps(Plan p) {
    return p.steps().stream().map(Step::describe).toList();
  }

  private static List<String> diffPaths(Plan p) {
    return p.diffs().stream().map(FileDiff::path).toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> state(Plan p, String target) {
    return ((List<Map<String, Object>>) p.registered().get("page_state"))
        .stream().filter(m -> m.get("target").equals(target)).findFirst().orElseThrow();
  }

  private static String msg(Plan p) {
    return String.valueOf(p.data().get("msg"));
  }

  @Test
  void etcSysctlConfThroughThe99SysctlLinkWinsAndIsEditedInPlace() {
    OracleHost host =
        new OracleHost(tmp)
            .file(
                "/etc/sysctl.conf",
                "# sysctl settings are defined through files in\n"
                    + "# /usr/lib/sysctl.d/, /run/sysctl.d/, and /etc/sysctl.d/.\n"
                    + "kernel.shmmax = 4398046511104\n"
                    + "vm.nr_hugepages = 1024\n")
            .link("/etc/sysctl.d/99-sysctl.conf", "../sysctl.conf");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(
        List.of("write " + OWN_SYSCTL, "write /etc/sysctl.conf", "write " + OWN_LIMITS),
        steps(plan).subList(0, 3));
    assertEquals(List.of(OWN_SYSCTL, "/etc/sysctl.conf", OWN_LIMITS), diffPaths(plan));
    assertTrue(
        msg(plan)
            .contains(
                "vm.nr_hugepages: /etc/sysctl.conf:4 (1024) would win over "
                    + OWN_SYSCTL
                    + "; edited in place"),
        msg(plan));
    Map<String, Object> pool = state(plan, "oracle/hugepages");
    assertEquals(false, pool.get("persisted"));
    assertEquals("vm.nr_hugepages = 1024 (/etc/sysctl.conf:4)", pool.get("persisted_value"));
    assertEquals(false, plan.data().get("persisted"));

    h.assertConverges(args());
    assertEquals(
        "# sysctl settings are defined through files in\n"
            + "# /usr/lib/sysctl.d/, /run/sysctl.d/, and /etc/sysctl.d/.\n"
            + "kernel.shmmax = 4398046511104\n"
            + "vm.nr_hugepages = 6148\n",
        host.read("/etc/sysctl.conf"));
    Plan again = h.plan(args());
    assertEquals(true, again.data().get("persisted"));
    assertEquals(
        "vm.nr_hugepages = 6148 (/etc/sysctl.conf:4)",
        state(again, "oracle/hugepages").get("persisted_value"));
    assertEquals(false, again.data().get("effective"));
  }

  @Test
  void aVendorFileThatWinsIsShadowedInEtcNotEdited() {
    String vendor = "# shipped by a tuning package\nvm.swappiness = 10\nvm.nr_hugepages = 2048\n";
    OracleHost host =
        new OracleHost(tmp).file("/usr/lib/sysctl.d/99-oracle-hugepages.conf", vendor);
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(
        List.of(OWN_SYSCTL, "/etc/sysctl.d/99-oracle-hugepages.conf", OWN_LIMITS), diffPaths(plan));
    assertTrue(
        msg(plan)
            .contains(
                "vm.nr_hugepages: the vendor file /usr/lib/sysctl.d/99-oracle-hugepages.conf:3"
                    + " (2048) would win over "
                    + OWN_SYSCTL
                    + "; shadowed by /etc/sysctl.d/99-oracle-hugepages.conf with the value"
                    + " changed"),
        msg(plan));
    h.assertConverges(args());
    assertEquals(vendor, host.read("/usr/lib/sysctl.d/99-oracle-hugepages.conf"));
    assertEquals(
        vendor.replace("2048", "6148"), host.read("/etc/sysctl.d/99-oracle-hugepages.conf"));
    assertEquals(true, h.plan(args()).data().get("persisted"));
  }

  @Test
  void aLaterEtcDropInAndARunFileAreHandledEachByItsLocation() {
    OracleHost host =
        new OracleHost(tmp)
            .file(
                "/etc/sysctl.d/99-oracle-hugepages.conf",
                "vm.nr_hugepages=4096\nvm.hugetlb_shm_group=54329\n")
            .file("/run/sysctl.d/98-runtime.conf", "vm/hugetlb_shm_group = 0\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    // 99-oracle-hugepages.conf sorts last: both keys are edited there, in place (oracle is not in
    // asmadmin, 54329); the /run file sorts before it and loses, so it is left alone
    assertEquals(
        List.of(OWN_SYSCTL, "/etc/sysctl.d/99-oracle-hugepages.conf", OWN_LIMITS), diffPaths(plan));
    assertEquals(
        "vm.hugetlb_shm_group = 54329 (/etc/sysctl.d/99-oracle-hugepages.conf:2)",
        state(plan, "oracle/hugetlb_shm_group").get("persisted_value"));
    h.assertConverges(args());
    assertEquals(
        "vm.nr_hugepages=6148\nvm.hugetlb_shm_group=54321\n",
        host.read("/etc/sysctl.d/99-oracle-hugepages.conf"));
    assertEquals("vm/hugetlb_shm_group = 0\n", host.read("/run/sysctl.d/98-runtime.conf"));
  }

  @Test
  void aRunFileThatWinsIsShadowedByTheSameNameInEtc() {
    OracleHost host =
        new OracleHost(tmp).file("/run/sysctl.d/99-zz-runtime.conf", "-vm.nr_hugepages = 16\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(
        List.of(OWN_SYSCTL, "/etc/sysctl.d/99-zz-runtime.conf", OWN_LIMITS), diffPaths(plan));
    h.assertConverges(args());
    assertEquals("-vm.nr_hugepages = 6148\n", host.read("/etc/sysctl.d/99-zz-runtime.conf"));
  }

  @Test
  void anEarlierFileLosesAndIsLeftAlone() {
    OracleHost host =
        new OracleHost(tmp).file("/etc/sysctl.d/10-old-hugepages.conf", "vm.nr_hugepages = 512\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(List.of(OWN_SYSCTL, OWN_LIMITS), diffPaths(plan));
    h.assertConverges(args());
    assertEquals("vm.nr_hugepages = 512\n", host.read("/etc/sysctl.d/10-old-hugepages.conf"));
    assertEquals(
        "vm.nr_hugepages = 6148 (" + OWN_SYSCTL + ":4)",
        state(h.plan(args()), "oracle/hugepages").get("persisted_value"));
  }

  private static final String PREINSTALL =
      "/etc/security/limits.d/oracle-database-preinstall-19c.conf";
  private static final String PREINSTALL_TEXT =
      "# oracle-database-preinstall-19c setting for memlock hard limit is maximum of 128GB on"
          + " x86_64 or 3GB on x86 OR 90 % of RAM\n"
          + "oracle   hard   memlock    134217728\n"
          + "oracle   soft   memlock    134217728\n";

  @Test
  void aLargerPreinstallMemlockStaysAndNothingIsWritten() {
    OracleHost host = new OracleHost(tmp).file(PREINSTALL, PREINSTALL_TEXT);
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(List.of(OWN_SYSCTL), diffPaths(plan));
    Map<String, Object> memlock = state(plan, "oracle/memlock/oracle");
    assertEquals(true, memlock.get("persisted"));
    assertEquals(true, memlock.get("effective"));
    assertEquals("su - oracle: soft 134217728, hard 134217728", memlock.get("effective_value"));
    h.assertConverges(args());
    assertFalse(host.exists(OWN_LIMITS));
  }

  @Test
  void aPreinstallMemlockBelowTheNeedIsEditedInPlaceSinceItSortsAfterPagetunes() {
    OracleHost host =
        new OracleHost(tmp)
            .file(PREINSTALL, PREINSTALL_TEXT)
            .file(
                "/proc/meminfo",
                "MemTotal:       268435456 kB\nMemFree:        260000000 kB\n"
                    + "HugePages_Total:       0\nHugePages_Free:        0\n"
                    + "HugePages_Rsvd:        0\nHugePages_Surp:        0\n"
                    + "Hugepagesize:       2048 kB\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(List.of(OWN_SYSCTL, OWN_LIMITS, PREINSTALL), diffPaths(plan));
    assertEquals(false, state(plan, "oracle/memlock/oracle").get("persisted"));
    h.assertConverges(args());
    // 90% of 256 GiB in kB
    assertEquals(PREINSTALL_TEXT.replace("134217728", "241591910"), host.read(PREINSTALL));
    Plan again = h.plan(args());
    Map<String, Object> memlock = state(again, "oracle/memlock/oracle");
    assertEquals(true, memlock.get("persisted"));
    // a fresh login sees the edited file
    assertEquals("su - oracle: soft 241591910, hard 241591910", memlock.get("effective_value"));
  }

  @Test
  void aDatabaseStartedBySystemdIsJudgedByItsUnitNotByLimitsConf() {
    OracleHost host =
        new OracleHost(tmp)
            .file("/etc/security/limits.conf", "oracle - memlock unlimited\n")
            .file(
                "/etc/systemd/system/dbora.service",
                "[Service]\nType=forking\nUser=oracle\nExecStart=/u01/app/oracle/bin/dbstart\n")
            .file("/proc/4242/status", "Name:\tora_pmon_orcl\nUid:\t54321\t54321\t54321\t54321\n")
            .file(
                "/proc/4242/limits",
                "Max locked memory         65536                65536                bytes     \n")
            .file("/proc/4242/cgroup", "0::/system.slice/dbora.service\n");
    Plan plan = host.harness(tmp).plan(args());
    Map<String, Object> memlock = state(plan, "oracle/memlock/oracle");
    // su - oracle would get unlimited; the unit that runs the instance gives it 64 KiB
    assertEquals(false, memlock.get("persisted"));
    assertTrue(
        String.valueOf(memlock.get("persisted_value")).startsWith("systemd unit dbora.service: "),
        memlock::toString);
    assertEquals(false, memlock.get("effective"));
    assertEquals("pid 4242 (dbora.service): soft 64, hard 64", memlock.get("effective_value"));
    assertTrue(
        String.valueOf(memlock.get("reasons")).contains("limits.conf does not apply to it"),
        memlock::toString);
    // the unit gets a drop-in of pagetune's own, and systemd reloads it before the next start
    String dropIn = "/etc/systemd/system/dbora.service.d/90-pagetune-memlock.conf";
    assertTrue(diffPaths(plan).contains(dropIn), plan.data()::toString);
    assertTrue(
        steps(plan)
            .containsAll(
                List.of(
                    "create directory /etc/systemd/system/dbora.service.d",
                    "write " + dropIn,
                    "reload systemd's unit files (LimitMEMLOCK)")),
        steps(plan)::toString);
    // once written (as the reload makes systemd read it), the next start is covered
    host.file(
        dropIn,
        "# pagetune: huge pages need this much locked memory\n[Service]\nLimitMEMLOCK="
            + ((Map<?, ?>) plan.data().get("desired")).get("memlock_kb")
            + "K\n");
    Map<String, Object> after = state(host.harness(tmp).plan(args()), "oracle/memlock/oracle");
    assertEquals(true, after.get("persisted"), after::toString);
    assertEquals(false, after.get("effective"));
  }

  @Test
  void unlimitedMemlockStays() {
    OracleHost host =
        new OracleHost(tmp)
            .file("/etc/security/limits.conf", "oracle - memlock unlimited\n* soft memlock 64\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(List.of(OWN_SYSCTL), diffPaths(plan));
    assertTrue(
        String.valueOf(state(plan, "oracle/memlock/oracle").get("reasons"))
            .contains("memlock of oracle stays soft unlimited (/etc/security/limits.conf:1)"),
        plan.data()::toString);
    h.assertConverges(args());
  }

  @Test
  void thpIsPlannedOnTheKernelCommandLineWithAReboot() {
    OracleHost host =
        new OracleHost(tmp)
            .file("/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n")
            .file(
                "/proc/cmdline",
                "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro transparent_hugepages=never\n")
            .file("/etc/default/grub", "GRUB_TIMEOUT=5\nGRUB_CMDLINE_LINUX=\"rhgb quiet\"\n")
            .file(
                "/boot/loader/entries/a-5.15.0.conf",
                "title Oracle Linux\nversion 5.15.0\nlinux /vmlinuz-5.15.0\n"
                    + "options root=/dev/sda1 ro rhgb quiet transparent_hugepages=never\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(
        List.of(
            "write " + OWN_SYSCTL,
            "write " + OWN_LIMITS,
            "write /etc/default/grub",
            // every entry, as grubby --update-kernel=ALL did
            "write /boot/loader/entries/0f3c1c8e5b4d4d7e9f3c-5.4.17-2136.307.3.1.el8uek.x86_64.conf",
            "write /boot/loader/entries/a-5.15.0.conf",
            "restart reboot of ora-test (the kernel command line"
                + " (transparent_hugepage=never) applies at boot)"),
        steps(plan));
    Map<String, Object> thp = state(plan, "oracle/thp");
    assertEquals(false, thp.get("persisted"));
    assertEquals("always", thp.get("effective_value"));
    assertTrue(
        String.valueOf(thp.get("reasons")).contains("transparent_hugepages= (plural)"),
        thp::toString);
    h.assertConverges(args());
    assertEquals(
        "GRUB_TIMEOUT=5\nGRUB_CMDLINE_LINUX=\"rhgb quiet transparent_hugepage=never\"\n",
        host.read("/etc/default/grub"));
    assertTrue(
        host.read("/boot/loader/entries/a-5.15.0.conf")
            .contains("options root=/dev/sda1 ro rhgb quiet transparent_hugepage=never\n"));
    Plan again = h.plan(args());
    assertEquals(true, state(again, "oracle/thp").get("persisted"));
    // reported as today until the reboot
    assertEquals(false, state(again, "oracle/thp").get("effective"));
    assertEquals("always", state(again, "oracle/thp").get("effective_value"));
  }

  @Test
  void oneGibPagesArePlannedOnTheKernelCommandLineWithAByteAllowance() {
    OracleHost host = new OracleHost(tmp);
    ModuleHarness h = host.harness(tmp);
    Map<String, Object> a = args();
    a.put("page_size", "1G");
    Plan plan = h.plan(a);
    @SuppressWarnings("unchecked")
    Map<String, Object> desired = (Map<String, Object>) plan.data().get("desired");
    // ceil((12 GiB + 8 MiB) / 1 GiB), not 12 + 4 pages
    assertEquals(13L, desired.get("nr_hugepages"));
    assertEquals(
        List.of(
            "write " + OWN_SYSCTL,
            "write " + OWN_LIMITS,
            "write /etc/default/grub",
            "write /boot/loader/entries/0f3c1c8e5b4d4d7e9f3c-5.4.17-2136.307.3.1.el8uek.x86_64.conf",
            "restart reboot of ora-test (the kernel command line"
                + " (default_hugepagesz=1G hugepagesz=1G hugepages=13) applies at boot)"),
        steps(plan));
    h.assertConverges(a);
    Plan again = h.plan(a);
    Map<String, Object> pool = state(again, "oracle/hugepages");
    assertEquals(true, pool.get("persisted"));
    assertEquals(false, pool.get("effective"));
    assertEquals("HugePages_Total=0 of 2M", pool.get("effective_value"));
  }

  @Test
  void theBootReservationOnTheCommandLineIsNeverShrunk() {
    OracleHost host =
        new OracleHost(tmp)
            .file(
                "/proc/cmdline",
                "BOOT_IMAGE=/vmlinuz ro transparent_hugepage=never hugepages=8000\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertTrue(
        msg(plan)
            .contains(
                "kept 8000 pages: the kernel command line reserves hugepages=8000 of 2M at boot,"
                    + " more than the 6148 sized"),
        msg(plan));
    assertTrue(
        String.valueOf(state(plan, "oracle/hugepages").get("reasons"))
            .contains(
                "the running kernel reserved huge pages at boot, before sysctl: hugepages=8000"),
        plan.data()::toString);
    h.assertConverges(args());
    assertTrue(host.read(OWN_SYSCTL).contains("vm.nr_hugepages = 8000\n"));
  }

  @Test
  void aPrePagedSgaWithRsvdZeroIsInUseAndKeepsThePool() {
    OracleHost host =
        new OracleHost(tmp)
            .file(
                "/proc/meminfo",
                "MemTotal:       67108864 kB\nAnonHugePages:         0 kB\n"
                    + "HugePages_Total:    7000\nHugePages_Free:      500\n"
                    + "HugePages_Rsvd:        0\nHugePages_Surp:        0\n"
                    + "Hugepagesize:       2048 kB\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertTrue(
        msg(plan)
            .contains(
                "kept 6500 pages: HugePages_Total 7000, Free 500, Rsvd 0 (6500 in use), more than"
                    + " the 6148 sized"),
        msg(plan));
    h.assertConverges(args());
    assertTrue(host.read(OWN_SYSCTL).contains("vm.nr_hugepages = 6500\n"));
  }

  // the vendor profile the Oracle profiles include: tuned refuses a profile whose include is
  // missing
  private static final String THROUGHPUT =
      "[main]\nsummary=Broadly applicable tuning\n\n[sysctl]\nvm.dirty_ratio = 40\n";

  @Test
  void aTunedProfileThatAppliesAfterSysctlCounts() {
    String profile =
        "[main]\nsummary=Oracle database\ninclude=throughput-performance\n\n"
            + "[sysctl]\nvm.swappiness=10\nvm.nr_hugepages=3000\n\n[vm]\ntransparent_hugepages=never\n";
    OracleHost host =
        new OracleHost(tmp)
            .file("/etc/tuned/active_profile", "oracle-db\n")
            .file("/etc/tuned/oracle-db/tuned.conf", profile)
            .file("/usr/lib/tuned/throughput-performance/tuned.conf", THROUGHPUT)
            .file("/etc/tuned/tuned-main.conf", "daemon = 1\nreapply_sysctl = 0\n");
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(
        List.of(OWN_SYSCTL, "/etc/tuned/oracle-db/tuned.conf", OWN_LIMITS), diffPaths(plan));
    assertEquals(
        "vm.nr_hugepages = 3000 (tuned profile, /etc/tuned/oracle-db/tuned.conf:7)",
        state(plan, "oracle/hugepages").get("persisted_value"));
    h.assertConverges(args());
    assertEquals(
        profile.replace("vm.nr_hugepages=3000", "vm.nr_hugepages=6148"),
        host.read("/etc/tuned/oracle-db/tuned.conf"));

    // a system profile cannot be edited: a clear refusal, nothing written
    OracleHost vendor =
        new OracleHost(tmp.resolve("vendor"))
            .file("/etc/tuned/active_profile", "oracle\n")
            .file("/usr/lib/tuned/oracle/tuned.conf", profile)
            .file("/usr/lib/tuned/throughput-performance/tuned.conf", THROUGHPUT)
            .file("/etc/tuned/tuned-main.conf", "reapply_sysctl = 0\n");
    Plan refused = vendor.harness(tmp.resolve("vendor")).plan(args());
    assertEquals(
        "oracle_hugepages: the tuned profile oracle sets vm.nr_hugepages = 3000 at"
            + " /usr/lib/tuned/oracle/tuned.conf:7 after sysctl (reapply_sysctl is off); make a"
            + " custom profile in /etc/tuned that includes it and sets vm.nr_hugepages = 6148",
        refused.failure().orElseThrow());

    // with tuned's default reapply_sysctl, /etc/sysctl.d is applied again after the profile
    OracleHost reapplied =
        new OracleHost(tmp.resolve("reapply"))
            .file("/etc/tuned/active_profile", "oracle\n")
            .file("/usr/lib/tuned/oracle/tuned.conf", profile);
    ModuleHarness r = reapplied.harness(tmp.resolve("reapply"));
    assertEquals(
        "vm.nr_hugepages = 3000 (tuned profile, /usr/lib/tuned/oracle/tuned.conf:7)",
        state(r.plan(args()), "oracle/hugepages").get("persisted_value"));
    r.assertConverges(args());
    assertEquals(
        "vm.nr_hugepages = 6148 (" + OWN_SYSCTL + ":4)",
        state(r.plan(args()), "oracle/hugepages").get("persisted_value"));
  }

  @Test
  void hugetlbShmGroupAdmitsEveryConsumerOwner() {
    // oracle's primary group is dba here; grid is only in oinstall and asmadmin
    OracleHost host =
        new OracleHost(tmp)
            .file(
                "/etc/passwd",
                "oracle:x:54321:54322::/home/oracle:/bin/bash\n"
                    + "grid:x:54331:54321::/home/grid:/bin/bash\n")
            .file("/etc/group", "oinstall:x:54321:oracle\ndba:x:54322:\nasmadmin:x:54329:grid\n")
            .file("/etc/sysctl.d/90-old.conf", "vm.hugetlb_shm_group = 54322\n");
    ModuleHarness h = host.harness(tmp);
    Map<String, Object> a = args();
    a.put("consumers", List.of("oracle", "grid"));
    Plan plan = h.plan(a);
    Map<String, Object> group = state(plan, "oracle/hugetlb_shm_group");
    assertEquals("vm.hugetlb_shm_group=54321", group.get("desired"));
    assertEquals(false, group.get("persisted"));
    assertTrue(String.valueOf(group.get("reasons")).contains("admits oracle, grid"));
    h.assertConverges(a);
    assertTrue(host.read(OWN_SYSCTL).contains("vm.hugetlb_shm_group = 54321\n"));

    // oracle alone: the configured dba group admits it and stays
    Map<String, Object> one = args();
    assertEquals(
        "vm.hugetlb_shm_group=54322",
        state(
                new OracleHost(tmp.resolve("one"))
                    .file("/etc/sysctl.d/99-x.conf", "vm.hugetlb_shm_group = 54322\n")
                    .harness(tmp.resolve("one"))
                    .plan(one),
                "oracle/hugetlb_shm_group")
            .get("desired"));

    // no shared group: refused with the users' groups
    Map<String, Object> none = args();
    none.put("consumers", List.of("oracle", "grid"));
    OracleHost apart =
        new OracleHost(tmp.resolve("apart"))
            .file("/etc/group", "oinstall:x:54321:\ndba:x:54322:\n")
            .file(
                "/etc/passwd",
                "oracle:x:54321:54322::/home/oracle:/bin/bash\n"
                    + "grid:x:54331:54321::/home/grid:/bin/bash\n");
    assertEquals(
        "oracle_hugepages: oracle and grid share no group for vm.hugetlb_shm_group (oracle:"
            + " 54322; grid: 54321); set oracle_group to a group all of them are in",
        apart.harness(tmp.resolve("apart")).plan(none).failure().orElseThrow());
  }

  @Test
  void aKernelWithoutThpGetsNoCommandLineForIt() throws Exception {
    OracleHost host =
        new OracleHost(tmp)
            .file("/etc/default/grub", "GRUB_CMDLINE_LINUX=\"rhgb quiet\"\n")
            .file(
                "/boot/loader/entries/0f3c1c8e5b4d4d7e9f3c-5.4.17-2136.307.3.1.el8uek.x86_64.conf",
                "title x\noptions root=/dev/sda1 ro rhgb quiet\n");
    java.nio.file.Files.delete(host.root.resolve("sys/kernel/mm/transparent_hugepage/enabled"));
    ModuleHarness h = host.harness(tmp);
    Plan plan = h.plan(args());
    assertEquals(List.of(OWN_SYSCTL, OWN_LIMITS), diffPaths(plan));
    Map<String, Object> thp = state(plan, "oracle/thp");
    assertEquals(true, thp.get("persisted"));
    assertEquals("compiled_out", thp.get("effective_value"));
    h.assertConverges(args());
  }

  @Test
  void aSysctlTemplateThatDropsAKeyIsRefusedNotGuessed() {
    OracleHost host = new OracleHost(tmp);
    ModuleHarness h =
        new ModuleHarness(new OracleHugepagesModule(), tmp, host.connection())
            .services(new StubServices(tmp).template("only-pages.ftl", "vm.nr_hugepages = 6148\n"))
            .facts(Map.of(OracleFacts.IPCS.name(), io.pagetune.targets.oracle.IpcsShm.parse("")));
    Map<String, Object> a = args();
    a.put("sysctl_template", "only-pages.ftl");
    assertEquals(
        "oracle_hugepages: "
            + OWN_SYSCTL
            + " as rendered does not set vm.hugetlb_shm_group (check sysctl_template)",
        h.plan(a).failure().orElseThrow());
  }

  @Test
  void everyConsumerOwnerGetsMemlockButALargerOneIsNotLowered() {
    OracleHost host = new OracleHost(tmp).file(PREINSTALL, PREINSTALL_TEXT);
    ModuleHarness h = host.harness(tmp);
    Map<String, Object> a = args();
    a.put("consumers", List.of("oracle", "grid"));
    Plan plan = h.plan(a);
    assertEquals(List.of(OWN_SYSCTL, OWN_LIMITS), diffPaths(plan));
    assertEquals(true, state(plan, "oracle/memlock/oracle").get("persisted"));
    assertEquals(false, state(plan, "oracle/memlock/grid").get("persisted"));
    h.assertConverges(a);
    // oracle keeps the preinstall package's 128 GB: no line for it in pagetune's file
    assertEquals(
        "# Managed by pagetune (oracle_hugepages): memlock in kB, 90% of RAM, which covers the"
            + " pool\n"
            + "grid soft memlock 60397977\n"
            + "grid hard memlock 60397977\n",
        host.read(OWN_LIMITS));
    Plan again = h.plan(a);
    assertEquals(
        "su - grid: soft 60397977, hard 60397977",
        state(again, "oracle/memlock/grid").get("effective_value"));
    assertEquals(
        "su - oracle: soft 134217728, hard 134217728",
        state(again, "oracle/memlock/oracle").get("effective_value"));
  }
}
