package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OracleHugepagesModuleTest {
  @TempDir Path tmp;

  private OracleHost host;

  private Map<String, Object> args() {
    return new LinkedHashMap<>();
  }

  private ModuleHarness harness(String ipcs) {
    host = new OracleHost(tmp);
    return host.harness(tmp).facts(Map.of(OracleFacts.IPCS.name(), IpcsShm.parse(ipcs)));
  }

  private static final String OWN_SYSCTL = "/etc/sysctl.d/97-pagetune-hugepages.conf";

  @Test
  void declaredSgaSizesPersistPoolGroupAndMemlockAndAskForAReboot() throws IOException {
    Map<String, Object> a = args();
    a.put("instances", List.of(Map.of("sid", "ORCL", "sga", "12G")));
    ModuleHarness h = harness("");
    Plan plan = h.plan(a);
    assertTrue(
        plan.steps().stream()
            .anyMatch(s -> s instanceof Step.RequestRestart r && r.target().isReboot()),
        plan::toString);
    h.assertConverges(a);
    // ceil(12 GiB / 2 MiB) + 4 per instance
    assertEquals(
        "# Managed by pagetune (oracle_hugepages); do not edit by hand.\n"
            + "# HugePages pool for the Oracle SGA, from declared SGA sizes\n"
            // recorded for every other module that writes the pool; it stands for the running SGA
            + "# pagetune-pool-consumer: oracle/ORCL\t12893290496\toracle/shm/oracle\t"
            + "declared SGA 12884901888 + allowance 8388608\t2M\n"
            + "vm.nr_hugepages = 6148\nvm.hugetlb_shm_group = 54321\n",
        host.read(OWN_SYSCTL));
    // 90% of 64 GiB in kB, more than the pool
    assertTrue(
        host.read("/etc/security/limits.d/99-pagetune-oracle-memlock.conf")
            .contains("oracle soft memlock 60397977\noracle hard memlock 60397977\n"));
    Plan again = h.plan(a);
    assertEquals(true, again.data().get("persisted"));
    assertEquals(false, again.data().get("effective"));
    assertTrue(String.valueOf(again.data().get("msg")).contains("pending restart"));
    // THP is already never, as the policy for 19c asks: nothing to say about it
    assertTrue(!String.valueOf(again.data().get("msg")).contains("THP is"));
  }

  @Test
  void runningSegmentsFollowOraclesAlgorithm() throws IOException {
    String ipcs = Files.readString(Path.of("src/test/resources/facts/ipcs_shm/linux_domain.txt"));
    ModuleHarness h = harness(ipcs);
    h.assertConverges(args());
    // the 4096-byte segment is below one page; 12884901888 bytes = 6144 pages, + 1
    assertTrue(host.read(OWN_SYSCTL).contains("vm.nr_hugepages = 6145\n"));
  }

  @Test
  void refusesAPoolAboveTheShareOfRam() {
    Map<String, Object> a = args();
    a.put(
        "instances",
        List.of(Map.of("sid", "ORCL", "sga", "40G"), Map.of("sid", "DEV", "sga", "8G")));
    ModuleHarness h = harness("");
    String before = TreeHash.of(tmp);
    Plan plan = h.plan(a);
    assertTrue(plan.failure().isPresent());
    assertTrue(plan.failure().get().contains("above the 70% cap"), plan.failure().get());
    assertTrue(plan.failure().get().contains("75.0% of RAM"), plan.failure().get());
    assertEquals(before, TreeHash.of(tmp));
  }

  private Map<String, String> fakeSysctl(String maxHugepages) throws IOException {
    Path fake = tmp.resolve("fake");
    Path bin = Files.createDirectories(fake.resolve("bin"));
    Path state = Files.createDirectories(fake.resolve("state"));
    try (InputStream in = getClass().getResourceAsStream("/modules/sysctl/fake-sysctl.sh")) {
      Files.copy(in, bin.resolve("sysctl"));
    }
    Files.setPosixFilePermissions(
        bin.resolve("sysctl"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(state.resolve("vm.nr_hugepages"), "0\n");
    Files.writeString(state.resolve("vm.hugetlb_shm_group"), "0\n");
    return Map.of(
        "PATH",
        // the lab stand-ins (su, id) stay on the path behind the fake sysctl
        bin + ":" + Path.of("lab/bin").toAbsolutePath() + ":" + System.getenv("PATH"),
        "FAKE_SYSCTL_STATE",
        state.toString(),
        "FAKE_SYSCTL_MAX_HUGEPAGES",
        maxHugepages);
  }

  @Test
  void aLivePoolThatIsReadBackCompleteIsEffective() throws IOException {
    Map<String, Object> a = args();
    a.put("instances", List.of(Map.of("sid", "ORCL", "sga", "12G")));
    a.put("runtime", true);
    ApplyResult r = harness("").environment(fakeSysctl("100000")).apply(a);
    assertTrue(r.failure().isEmpty(), () -> r.failure().get());
    assertEquals(true, r.data().get("effective"), r.data()::toString);
    assertTrue(
        r.restarts().stream()
            .anyMatch(
                x -> x.target().equals(OracleTarget.INSTANCE_RESTART.target("ora-test", "ORCL"))));
    assertEquals("6148", Files.readString(tmp.resolve("fake/state/vm.nr_hugepages")).strip());
  }

  @Test
  void aShortLivePoolFailsAndAsksForAReboot() throws IOException {
    Map<String, Object> a = args();
    a.put("instances", List.of(Map.of("sid", "ORCL", "sga", "12G")));
    a.put("runtime", true);
    ModuleHarness h = harness("").environment(fakeSysctl("5000"));
    Path state = tmp.resolve("fake/state");
    ApplyResult r = h.apply(a);
    assertTrue(r.failure().isPresent(), "a short pool is not a success");
    assertTrue(
        r.failure().get().contains("requested 6148 huge pages but only 5000 could be allocated"),
        r.failure().get());
    assertTrue(r.restarts().stream().anyMatch(x -> x.target().isReboot()));
    assertEquals(false, r.data().get("effective"));
    assertEquals("54321", Files.readString(state.resolve("vm.hugetlb_shm_group")).strip());
  }
}
