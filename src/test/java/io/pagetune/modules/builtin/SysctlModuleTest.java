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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The expected files and decisions follow ansible.posix.sysctl (1.5.4, plugins/modules/sysctl.py):
 * read_sysctl_file strips every line and keeps the last value of a name; fix_lines writes each
 * assignment as {@code k=v}, keeps a name's first assignment only, appends a missing name;
 * write_sysctl ends every stripped line with "\n"; process() writes the file only when the file's
 * value differs, runs {@code sysctl -w} (set_token_value) before writing and {@code sysctl -p}
 * (reload_sysctl) after, whenever anything changed.
 */
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
        List.of(new FileDiff(conf.toString(), "", "vm.nr_hugepages=6144\n")), plan.diffs());
    harness.assertConverges(args);
    assertEquals("vm.nr_hugepages=6144\n", read(conf));
    assertEquals("rw-r--r--", mode(conf));
    assertEquals(List.of(), fake.calls());
    assertFalse(plan.data().containsKey("msg"), "ansible.posix.sysctl returns no msg");
  }

  @Test
  void defaultFileIsAnsibles() {
    assertEquals(
        "/etc/sysctl.conf",
        harness.args(Map.of("name", "vm.swappiness", "value", 1)).string("sysctl_file"));
  }

  @Test
  void aChangeRewritesTheWholeFileAsAnsibleDoes() {
    // stripped lines (a lone \r and \r\n end lines too), k=v, first assignment of a name only
    String before =
        "# Oracle settings\n  vm.swappiness = 10\t\nvm.nr_hugepages=1024\n; old\n\n"
            + "kernel.shmmax = 1\r\nkernel.shmmax=2\rno equals here  \nvm.nr_hugepages = 2048\n"
            + "kernel.shmmax";
    String after =
        "# Oracle settings\nvm.swappiness=10\nvm.nr_hugepages=6144\n; old\n\n"
            + "kernel.shmmax=1\nno equals here\nkernel.shmmax\n";
    write(conf, before, "rw-r-----");
    Map<String, Object> args = args("value", "6144", "reload", false);
    assertEquals(List.of(new FileDiff(conf.toString(), before, after)), harness.plan(args).diffs());
    harness.assertConverges(args);
    assertEquals(after, read(conf));
    assertEquals("rw-r-----", mode(conf));
  }

  @Test
  void theLastAssignmentIsTheFilesValueAndAnEqualOneLeavesTheFileAlone() {
    String before = "vm.nr_hugepages = 1\n  vm.nr_hugepages =6144 \n";
    write(conf, before, "rw-r--r--");
    ModuleHarness.assertUpToDate(harness.plan(args("value", "6144", "reload", false)));
    assertEquals(before, read(conf));
  }

  @Test
  void valuesCompareAsWrittenAndNamesAsWritten() {
    // the file's value is compared as a string: other spacing is another value
    write(conf, "net.ipv4.tcp_rmem = 4096  87380 6291456\nvm/nr_hugepages = 1\n", "rw-r--r--");
    harness.assertConverges(
        args("name", "net.ipv4.tcp_rmem", "value", "4096 87380 6291456", "reload", false));
    // vm/nr_hugepages is another name to ansible.posix.sysctl
    harness.assertConverges(args("value", 6144, "reload", false));
    assertEquals(
        "net.ipv4.tcp_rmem=4096 87380 6291456\nvm/nr_hugepages=1\nvm.nr_hugepages=6144\n",
        read(conf));
  }

  @Test
  void backupKeepsThePreviousFile() {
    write(conf, "vm.nr_hugepages = 1\n", "rw-r--r--");
    ApplyResult r = harness.assertConverges(args("value", 2, "backup", true, "reload", false));
    assertEquals(List.of(conf + ModuleHarness.BACKUP_SUFFIX), r.backups());
    assertEquals("vm.nr_hugepages = 1\n", read(Path.of(r.backups().get(0))));
  }

  @Test
  void absentDropsEveryAssignmentOfTheName() {
    write(conf, "vm.swappiness = 10\nvm.nr_hugepages = 1\n#x\nvm.nr_hugepages=2\n", "rw-r--r--");
    Map<String, Object> args = args("state", "absent", "reload", false);
    harness.assertConverges(args);
    assertEquals("vm.swappiness=10\n#x\n", read(conf));
    // a name the file does not set: nothing to do, and the file is not rewritten
    write(conf, "vm.swappiness = 10\n", "rw-r--r--");
    ModuleHarness.assertUpToDate(harness.plan(args));
    assertEquals("vm.swappiness = 10\n", read(conf));
    ModuleHarness.assertUpToDate(
        harness.plan(
            Map.of(
                "name", "vm.x", "state", "absent", "sysctl_file", etc.resolve("no").toString())));
    assertFalse(Files.exists(etc.resolve("no")));
  }

  @Test
  void absentWithReloadLoadsTheRewrittenFile() {
    fake.kernel("vm.nr_hugepages", "1024").kernel("vm.swappiness", "60");
    write(conf, "vm.swappiness = 10\nvm.nr_hugepages = 1\n", "rw-r--r--");
    Plan plan = harness.plan(args("state", "absent"));
    assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 1));
    harness.assertConverges(args("state", "absent"));
    assertEquals("10", fake.kernel("vm.swappiness"));
    assertEquals("1024", fake.kernel("vm.nr_hugepages"));
  }

  @Test
  void sysctlSetWritesTheLiveValueBeforeTheFileAndReloadsAfter() {
    fake.kernel("vm.nr_hugepages", "1024");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true);
    Plan plan = harness.plan(args);
    assertEquals(List.of("sysctl", "-w", "vm.nr_hugepages=6144"), argv(plan, 0));
    assertInstanceOf(Step.Put.class, plan.steps().get(2));
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 3));
    assertEquals(List.of("-e -n vm.nr_hugepages"), fake.calls(), "planning only reads");
    fake.clearCalls();
    ApplyResult r = harness.assertConverges(args);
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertEquals("6144", r.data().get("live_value"));
    // plan, re-plan before apply, write, load, read-back, plan again
    assertEquals(
        List.of(
            "-e -n vm.nr_hugepages",
            "-e -n vm.nr_hugepages",
            "-w vm.nr_hugepages=6144",
            "-p " + conf,
            "-n vm.nr_hugepages",
            "-e -n vm.nr_hugepages"),
        fake.calls());
  }

  @Test
  void withoutReloadTheChangedValueIsSetAlone() {
    fake.kernel("vm.nr_hugepages", "0").kernel("vm.swappiness", "60");
    write(conf, "vm.swappiness = 10\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144, "sysctl_set", true, "reload", false);
    assertEquals(List.of("sysctl", "-w", "vm.nr_hugepages=6144"), argv(harness.plan(args), 0));
    harness.assertConverges(args);
    assertEquals("60", fake.kernel("vm.swappiness"));
    assertEquals("vm.swappiness=10\nvm.nr_hugepages=6144\n", read(conf));
  }

  @Test
  void aFailingSetFailsBeforeTheFileIsWritten() {
    ApplyResult r = harness.apply(args("name", "vm.nope", "value", 1, "sysctl_set", true));
    assertEquals(
        "setting vm.nope failed: sysctl: cannot stat /proc/sys/vm/nope: No such file or directory\n",
        r.failure().orElseThrow());
    assertFalse(Files.exists(conf), "ansible.posix.sysctl fails before write_sysctl");
  }

  @Test
  void anExitZeroThatRefusedTheKeyFailsTheTask() {
    useFake(new FakeSysctl(fakeRoot.resolve("refusing")).with("FAKE_SYSCTL_MODE", "refuse-exit-0"));
    fake.kernel("vm.nr_hugepages", "0");
    ApplyResult r = harness.apply(args("value", 6144));
    assertEquals(
        "Failed to reload sysctl: sysctl: setting key \"vm.nr_hugepages\": Invalid argument\n",
        r.failure().orElseThrow());
    assertEquals("vm.nr_hugepages=6144\n", read(conf), "persisted before the reload, as Ansible");
  }

  @Test
  void aKernelThatIgnoresTheWriteFailsTheTask() {
    useFake(new FakeSysctl(fakeRoot.resolve("ignoring")).with("FAKE_SYSCTL_MODE", "ignore-writes"));
    fake.kernel("vm.nr_hugepages", "5120");
    write(conf, "vm.nr_hugepages=6144\n", "rw-r--r--");
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
    assertEquals("vm.nr_hugepages=6144\n", read(conf));
  }

  @Test
  void tabSeparatedLiveValuesCompareByWords() {
    fake.kernel("net.ipv4.tcp_rmem", "4096 87380 6291456");
    write(conf, "net.ipv4.tcp_rmem = 4096 87380 6291456\n", "rw-r--r--");
    Map<String, Object> args =
        args("name", "net.ipv4.tcp_rmem", "value", "4096 87380 6291456", "sysctl_set", true);
    ModuleHarness.assertUpToDate(harness.plan(args));
    assertEquals(List.of("-e -n net.ipv4.tcp_rmem"), fake.calls());
  }

  @Test
  void ignoreerrorsPassesMinusE() {
    Map<String, Object> args =
        args("name", "vm.nope", "value", 1, "sysctl_set", true, "ignoreerrors", true);
    Plan plan = harness.plan(args);
    assertEquals(List.of("sysctl", "-e", "-w", "vm.nope=1"), argv(plan, 0));
    assertEquals(List.of("sysctl", "-e", "-p", conf.toString()), argv(plan, 3));
    ApplyResult r = harness.apply(args);
    assertTrue(r.failure().isEmpty(), () -> r.failure().get());
    assertEquals("vm.nope=1\n", read(conf));
  }

  @Test
  void anUnreadableLiveValueReloadsOrIsRefusedForSysctlSetAlone() {
    useFake(new FakeSysctl(fakeRoot.resolve("wo")).with("FAKE_SYSCTL_MODE", "write-only"));
    fake.kernel("vm.drop_caches", "0");
    write(conf, "vm.drop_caches=3\n", "rw-r--r--");
    // ansible.posix.sysctl counts an unreadable value as changed, so reload loads the file
    Map<String, Object> withReload = args("name", "vm.drop_caches", "value", 3, "sysctl_set", true);
    Plan reload = harness.plan(withReload);
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(reload, 0));
    // a key the kernel does not show is not read back, and stays changed on every run, as in
    // Ansible
    assertEquals(2, reload.steps().size(), reload.steps().toString());
    ApplyResult applied = harness.apply(withReload);
    assertTrue(applied.failure().isEmpty(), () -> applied.failure().get());
    assertTrue(applied.changed());
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(harness.plan(withReload), 0));
    // without reload it would report changed and set nothing: pagetune refuses and says so
    Plan alone =
        harness.plan(
            args("name", "vm.drop_caches", "value", 3, "sysctl_set", true, "reload", false));
    assertTrue(
        alone.failure().orElseThrow().contains("ansible.posix.sysctl would report changed"),
        alone.failure().get());
  }

  @Test
  void reloadByDefaultLoadsTheChangedFileIntoTheKernel() {
    fake.kernel("vm.nr_hugepages", "0");
    Map<String, Object> args = args("value", 6144);
    Plan plan = harness.plan(args);
    assertInstanceOf(Step.Put.class, plan.steps().get(0));
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 1));
    assertEquals(List.of(), fake.calls(), "a changed file is loaded without asking the kernel");
    ApplyResult r = harness.assertConverges(args);
    assertTrue(r.changed());
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
  }

  @Test
  void reloadAloneLoadsAFileThatAlreadyHoldsTheValueWhenTheKernelDiffers() {
    fake.kernel("vm.nr_hugepages", "1024");
    write(conf, "vm.nr_hugepages = 6144\n", "rw-r--r--");
    Map<String, Object> args = args("value", 6144);
    Plan plan = harness.plan(args);
    assertEquals(List.of(), plan.diffs());
    assertEquals(List.of("sysctl", "-p", conf.toString()), argv(plan, 0));
    assertEquals(List.of("-e -n vm.nr_hugepages"), fake.calls(), "planning only reads");
    harness.assertConverges(args);
    assertEquals("6144", fake.kernel("vm.nr_hugepages"));
    assertEquals("vm.nr_hugepages = 6144\n", read(conf));
  }

  @Test
  void booleanWordsAreWrittenAsOneAndZero() {
    fake.kernel("net.ipv4.ip_forward", "0").kernel("kernel.sysrq", "1").kernel("kernel.x", "0");
    harness.assertConverges(args("name", "net.ipv4.ip_forward", "value", "Y"));
    harness.assertConverges(args("name", "kernel.sysrq", "value", false));
    // convert_bool's words are matched before stripping: " yes" is the word yes
    harness.assertConverges(args("name", "kernel.x", "value", " yes", "reload", false));
    assertEquals("net.ipv4.ip_forward=1\nkernel.sysrq=0\nkernel.x=yes\n", read(conf));
    assertEquals("1", fake.kernel("net.ipv4.ip_forward"));
    assertEquals("0", fake.kernel("kernel.sysrq"));
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
