package io.pagetune.modules.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
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
    return ((List<Map<String, Object>>) p.data().get("page_state"))
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
}
