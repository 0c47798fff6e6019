package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.testing.SshServerExtension;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** group over SSH against stand-in getent/groupadd/groupmod/groupdel on files under a temp root. */
class GroupModuleTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path root;
  private StandInHost host;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    host = StandInHost.start(ssh, root, "user");
    host.write("etc/passwd", "root:x:0:0:root:/root:/bin/bash\n")
        .write("etc/group", "root:x:0:\ndba:x:54322:oracle\n");
    harness = new ModuleHarness(new GroupModule(), root.resolve("etc"), host.connection());
  }

  @AfterEach
  void tearDown() {
    host.close();
  }

  private static List<String> argvs(Plan plan) {
    return plan.changeSteps().stream()
        .map(s -> String.join(" ", assertInstanceOf(Step.Exec.class, s).command().argv()))
        .toList();
  }

  @Test
  void checkPredictsGroupaddAndApplyConverges() {
    Map<String, Object> args = Map.of("name", "oinstall", "gid", 54321);
    Plan check = harness.plan(args);
    assertEquals(List.of("groupadd -g 54321 oinstall"), argvs(check));
    assertEquals(List.of("getent group oinstall"), host.calls(), "planning only asks");
    ApplyResult r = harness.assertConverges(args);
    assertEquals(54321L, r.data().get("gid"));
    assertTrue(host.read("etc/group").contains("oinstall:x:54321:\n"));
  }

  @Test
  void aWrongGidIsChangedAndTheChosenGidOfANewGroupIsReturned() {
    Map<String, Object> args = Map.of("name", "dba", "gid", 54330);
    assertEquals(List.of("groupmod -g 54330 dba"), argvs(harness.plan(args)));
    harness.assertConverges(args);
    assertTrue(host.read("etc/group").contains("dba:x:54330:oracle\n"));
    ApplyResult created = harness.assertConverges(Map.of("name", "hugetlb", "system", true));
    assertEquals(999L, created.data().get("gid"));
    ModuleHarness.assertUpToDate(harness.plan(Map.of("name", "dba")));
  }

  @Test
  void absentRemovesTheGroup() {
    Map<String, Object> args = Map.of("name", "dba", "state", "absent");
    assertEquals(List.of("groupdel dba"), argvs(harness.plan(args)));
    harness.assertConverges(args);
    assertEquals("root:x:0:\n", host.read("etc/group"));
  }

  @Test
  void badArgumentsAreRefused() {
    harness.assertRejected(Map.of("name", "dba;id"), "not a valid group name");
    harness.assertRejected(Map.of("name", "-dba"), "not a valid group name");
    harness.assertRejected(Map.of("name", "dba", "gid", "many"), "must be an integer");
    harness.assertRejected(Map.of("name", "dba", "gid", -1), "must not be negative");
    harness.assertRejected(Map.of("name", "dba", "members", "x"), "unknown argument 'members'");
  }
}
