package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysctlModuleTest {
  @TempDir Path etc;
  @TempDir Path fakeRoot;
  private FakeSysctl fake;
  private ModuleHarness harness;
  private Path conf;

  @BeforeEach
  void setUp() {
    fake = new FakeSysctl(fakeRoot);
    harness = new ModuleHarness(new SysctlModule(), etc).environment(fake.environment());
    conf = etc.resolve("99-hugepages.conf");
  }

  private Map<String, Object> args(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    m.put("name", "vm.nr_hugepages");
    m.put("sysctl_file", conf.toString());
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  private void useFake(FakeSysctl f) {
    fake = f;
    harness.environment(f.environment());
  }

  private static List<String> argv(Plan plan, int i) {
    return assertInstanceOf(Step.Exec.class, plan.steps().get(i)).command().argv();
  }

  @Test
  void persistsIntoANewFileWithoutTouchingTheKernel() {
    Map<String, Object> args = args("value", 6144, "reload", false);
    Plan plan = harness.plan(args);
    assertEquals(
        List.of(new FileDiff(conf.toString(), "", "vm.nr_hugepages = 6144\n")), plan.diffs());
    harness.assertConverges(args);
    assertEquals("vm.nr_hugepages = 6144\n", read(conf));
    assertEquals("rw-r--r--", mode(conf));
    assertEquals(List.of(), fake.calls());
  }

  @Test
  void defaultFileIsPagetunesOwn() {
    assertEquals(
        "/etc/sysctl.d/99-pagetune.conf",
        harness.args(Map.of("name", "vm.swappiness", "value", 1)).string("sysctl_file"));
  }

  @Test
  void replacesTheExistingLineAndKeepsCommentsAndMode() {
    String before =
        "# Oracle settings\nvm.swappiness=10\nvm.nr_hugepages=1024\n; old\nkernel.shmmax = 1";
    write(conf, before, "rw-r-----");
    Map<String, Object> args = args("value", "6144", "reload", false);
    String after = before.replace("vm.nr_hugepages=1024", "vm.nr_hugepages = 6144");
    assertEquals(List.of(new FileDiff(conf.toString(), before, after)), harness.plan(args).diffs());
    harness.assertConverges(args);
    assertEquals(after, read(conf));
    assertEquals("rw-r-----", mode(conf));
  }

  @Test
  void backupKeepsThePreviousFile() {
    write(conf, "vm.nr_hugepages = 1\n", "rw-r--r--");
    ApplyResult r = harness.assertConverges(args("value", 2, "backup", true, "reload", false));
    assertEquals(List.of(conf + ModuleHarness.BACKUP_SUFFIX), r.backups());
    assertEquals("vm.nr_hugepages = 1\n", read(Path.of(r.backups().get(0))));
  }

  @Test
  void slashSeparatedAndDuplicateEntriesCount() {
    write(conf, "vm/nr_hugepages = 1\n# keep\n- vm.nr_hugepages=2\n", "rw-r--r--");
    harness.assertConverges(args("value", 6144, "reload", false));
    assertEquals("vm.nr_hugepages = 6144\n# keep\n", read(conf));
  }

  @Test
  void anEqualValueWrittenDifferentlyIsUpToDate() {
    write(conf, "vm.nr_hugepages=6144\nnet.ipv4.tcp_rmem =4096  87380\t6291456\n", "rw-r--r--");
    ModuleHarness.assertUpToDate(harness.plan(args("value", "6144", "reload", false)));
    ModuleHarness.assertUpToDate(
        harness.plan(
            Map.of(
                "name",
                "net.ipv4.tcp_rmem",
                "value",
                "4096 87380 6291456",
                "reload",
                false,
                "sysctl_file",
                conf.toString())));
  }

  @Test
  void absentRemovesTheEntry() {
    write(conf, "vm.swappiness = 10\nvm.nr_hugepages = 1\n", "rw-r--r--");
    Map<String, Object> args = args("state", "absent", "reload", false);
    harness.assertConverges(args);
    assertEquals("vm.swappiness = 10\n", read(conf));
    ModuleHarness.assertUpToDate(
        harness.plan(
            Map.of(
                "name", "vm.x", "state", "absent", "sysctl_file", etc.resolve("no").toString())));
  }

  @Test
  void sysctlSetWritesTheLiveValueAndReadsItBack() {
    write(conf, "vm.nr_hugepages = 6144\n", "rw-r--r--");
    fake.kernel("vm.nr_hugepages", "1024");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true, "reload", false);
    Plan plan = harness.plan(args);
    assertEquals(List.of("sysctl", "-w", "vm.nr_hugepages=6144"), argv(plan, 0));
    assertEquals(1, plan.changeSteps().size());
    assertInstanceOf(Step.ReadBack.class, plan.steps().get(1));
    assertEquals(List.of("-n vm.nr_hugepages"), fake.calls(), "planning only reads");
    fake.clearCalls();
    ApplyResult r = harness.assertConverges(args);
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertEquals("6144", r.data().get("live_value"));
    assertTrue(fake.calls().contains("-w vm.nr_hugepages=6144"));
    // plan, re-plan before apply, write, read-back, plan again
    assertEquals(
        List.of(
            "-n vm.nr_hugepages",
            "-n vm.nr_hugepages",
            "-w vm.nr_hugepages=6144",
            "-n vm.nr_hugepages",
            "-n vm.nr_hugepages"),
        fake.calls());
  }

  @Test
  void changedFileIsLoadedWithSysctlP() {
    fake.kernel("vm.nr_hugepages", "0").kernel("vm.swappiness", "60");
    write(conf, "vm.swappiness = 10\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true);
    Plan plan = harness.plan(args);
    assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 1));
    harness.assertConverges(args);
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertEquals("10", fake.kernel("vm.swappiness"));
  }

  @Test
  void withoutReloadTheChangedValueIsSetAlone() {
    fake.kernel("vm.nr_hugepages", "0").kernel("vm.swappiness", "60");
    write(conf, "vm.swappiness = 10\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true, "reload", false);
    assertEquals(List.of("sysctl", "-w", "vm.nr_hugepages=6144"), argv(harness.plan(args), 1));
    harness.assertConverges(args);
    assertEquals("60", fake.kernel("vm.swappiness"));
  }

  @Test
  void aKernelThatIgnoresTheWriteFailsTheTask() {
    useFake(new FakeSysctl(fakeRoot.resolve("ignoring")).with("FAKE_SYSCTL_MODE", "ignore-writes"));
    fake.kernel("vm.nr_hugepages", "5120");
    write(conf, "vm.nr_hugepages = 6144\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true, "reload", false);
    ApplyResult r = harness.apply(args);
    assertTrue(r.changed());
    assertEquals("vm.nr_hugepages: wrote 6144, kernel reports 5120", r.failure().orElseThrow());
    assertEquals("5120", r.data().get("live_value"));
    // still not effective: the next plan wants to write again
    assertEquals(List.of("sysctl", "-w", "vm.nr_hugepages=6144"), argv(harness.plan(args), 0));
  }

  @Test
  void aPartialHugePageAllocationIsReported() {
    useFake(new FakeSysctl(fakeRoot.resolve("short")).with("FAKE_SYSCTL_MAX_HUGEPAGES", "5500"));
    fake.kernel("vm.nr_hugepages", "0");
    ApplyResult r = harness.apply(args("value", 6144, "sysctl_set", true));
    assertEquals("vm.nr_hugepages: wrote 6144, kernel reports 5500", r.failure().orElseThrow());
    // persisted although not effective
    assertEquals("vm.nr_hugepages = 6144\n", read(conf));
  }

  @Test
  void tabSeparatedLiveValuesCompareByWords() {
    fake.kernel("net.ipv4.tcp_rmem", "4096 87380 6291456");
    write(conf, "net.ipv4.tcp_rmem = 4096 87380 6291456\n", "rw-r--r--");
    Map<String, Object> args =
        args("name", "net.ipv4.tcp_rmem", "value", "4096 87380 6291456", "sysctl_set", true);
    ModuleHarness.assertUpToDate(harness.plan(args));
    assertEquals(List.of("-n net.ipv4.tcp_rmem"), fake.calls());
  }

  @Test
  void unknownNameFailsUnlessIgnored() {
    write(conf, "vm.nope = 1\n", "rw-r--r--");
    Plan plan = harness.plan(args("name", "vm.nope", "value", 1, "sysctl_set", true));
    assertTrue(
        plan.failure()
            .get()
            .startsWith("sysctl: cannot read the live value of vm.nope: sysctl: cannot stat"),
        plan.failure().get());
    Plan ignored =
        harness.plan(
            args(
                "name",
                "vm.nope",
                "value",
                1,
                "sysctl_set",
                true,
                "ignoreerrors",
                true,
                "reload",
                false));
    assertEquals(List.of("sysctl", "-e", "-w", "vm.nope=1"), argv(ignored, 0));
    ApplyResult r =
        harness.apply(
            args(
                "name",
                "vm.nope",
                "value",
                1,
                "sysctl_set",
                true,
                "ignoreerrors",
                true,
                "reload",
                false));
    assertTrue(r.failure().isEmpty(), () -> r.failure().get());
  }

  @Test
  void reloadByDefaultLoadsTheChangedFileIntoTheKernel() {
    fake.kernel("vm.nr_hugepages", "0");
    Map<String, Object> args = args("value", 6144);
    Plan plan = harness.plan(args);
    assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 1));
    assertEquals(List.of(), fake.calls(), "planning (check mode) runs nothing");
    ApplyResult r = harness.assertConverges(args);
    assertTrue(r.changed());
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertTrue(fake.calls().contains("-p " + conf), fake.calls().toString());
  }

  @Test
  void reloadAloneLoadsAFileThatAlreadyHoldsTheValueWhenTheKernelDiffers() {
    fake.kernel("vm.nr_hugepages", "1024");
    write(conf, "vm.nr_hugepages = 6144\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144);
    Plan plan = harness.plan(args);
    assertEquals(List.of(), plan.diffs());
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 0));
    assertEquals(List.of("-n vm.nr_hugepages"), fake.calls(), "planning only reads");
    harness.assertConverges(args);
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertEquals("vm.nr_hugepages = 6144\n", read(conf));
  }

  @Test
  void aFailingReloadFailsTheTaskWithItsError() {
    ApplyResult r = harness.apply(args("name", "vm.nope", "value", 1));
    assertTrue(r.failure().isPresent(), "sysctl -p of an unknown name must fail the task");
    assertTrue(
        r.failure().get().contains("sysctl: cannot stat /proc/sys/vm/nope"), r.failure().get());
    assertTrue(fake.calls().contains("-p " + conf), fake.calls().toString());
    ApplyResult ignored = harness.apply(args("name", "vm.nope", "value", 2, "ignoreerrors", true));
    assertTrue(ignored.failure().isEmpty(), () -> ignored.failure().get());
    assertTrue(fake.calls().contains("-e -p " + conf), fake.calls().toString());
  }

  @Test
  void booleanWordsAreWrittenAsOneAndZero() {
    fake.kernel("net.ipv4.ip_forward", "0").kernel("kernel.sysrq", "1");
    harness.assertConverges(args("name", "net.ipv4.ip_forward", "value", "yes"));
    harness.assertConverges(args("name", "kernel.sysrq", "value", false));
    assertEquals("net.ipv4.ip_forward = 1\nkernel.sysrq = 0\n", read(conf));
    assertEquals("1", fake.kernel("net.ipv4.ip_forward"));
    assertEquals("0", fake.kernel("kernel.sysrq"));
  }

  @Test
  void theResultSaysWhenPagetunesDefaultFileIsUsed() {
    Plan plan = harness.plan(Map.of("name", "vm.swappiness", "value", 1, "reload", false));
    assertEquals(
        "persisted in pagetune's default /etc/sysctl.d/99-pagetune.conf,"
            + " not Ansible's /etc/sysctl.conf",
        plan.data().get("msg"));
    assertFalse(harness.plan(args("value", 1, "reload", false)).data().containsKey("msg"));
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(args("name", "vm.nr hugepages", "value", 1), "is not a sysctl name");
    harness.assertRejected(args("name", "vm;reboot", "value", 1), "is not a sysctl name");
    harness.assertRejected(args("name", "-p", "value", 1), "is not a sysctl name");
    harness.assertRejected(args("value", 1, "sysctl_file", "-e"), "must be an absolute path");
    harness.assertRejected(args("value", "1\nkernel.panic = 1"), "'value' must be a single line");
    harness.assertRejected(args("value", "1\r"), "'value' must be a single line");
    harness.assertRejected(args(), "'value' is required with state=present");
    harness.assertRejected(args("value", 1, "sysctl_fiel", "/x"), "did you mean 'sysctl_file'");
    harness.assertRejected(
        args("value", 1, "sysctl_set", "sure"), "'sysctl_set' must be a boolean");
    harness.assertRejected(Map.of("value", 1), "missing required argument 'name'");
    assertFalse(harness.args(args("state", "absent")).has("value"));
  }
}
