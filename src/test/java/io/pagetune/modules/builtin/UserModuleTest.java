package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.testing.SshServerExtension;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** user over SSH against stand-in getent/id/useradd/usermod/userdel on files under a temp root. */
class UserModuleTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path root;
  private StandInHost host;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    host = StandInHost.start(ssh, root, "user");
    host.write("etc/passwd", "root:x:0:0:root:/root:/bin/bash\n")
        .write(
            "etc/group",
            "root:x:0:\noinstall:x:54321:\ndba:x:54322:\noper:x:54323:\nasmdba:x:54327:\n");
    harness = new ModuleHarness(new UserModule(), root.resolve("etc"), host.connection());
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

  private static Map<String, Object> oracle(Object... kv) {
    Map<String, Object> m = new HashMap<>();
    m.put("name", "oracle");
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void checkPredictsUseraddAndApplyReturnsAnsiblesKeys() {
    Map<String, Object> args =
        oracle(
            "uid",
            54321,
            "group",
            "oinstall",
            "groups",
            List.of("dba", "oper"),
            "home",
            "/home/oracle",
            "shell",
            "/bin/bash");
    Plan check = harness.plan(args);
    assertEquals(
        List.of("useradd -u 54321 -g oinstall -G dba,oper -d /home/oracle -s /bin/bash -m oracle"),
        argvs(check));
    host.calls().forEach(c -> assertTrue(c.startsWith("getent ") || c.startsWith("id "), c));
    ApplyResult r = harness.assertConverges(args);
    assertEquals(54321L, r.data().get("uid"));
    assertEquals(54321L, r.data().get("group"));
    assertEquals("dba,oper", r.data().get("groups"));
    assertEquals("/home/oracle", r.data().get("home"));
    assertEquals("/bin/bash", r.data().get("shell"));
    assertTrue(host.read("etc/passwd").contains("oracle:x:54321:54321::/home/oracle:/bin/bash\n"));
  }

  @Test
  void groupsReplaceUnlessAppendAndUidShellChangeInOneUsermod() {
    harness.assertConverges(oracle("uid", 1001, "groups", "dba,oper", "group", "oinstall"));
    Map<String, Object> append = oracle("groups", List.of("asmdba"), "append", true);
    assertEquals(List.of("usermod -a -G asmdba oracle"), argvs(harness.plan(append)));
    harness.assertConverges(append);
    Plan exact = harness.plan(oracle("groups", List.of("dba"), "uid", 54321, "shell", "/bin/ksh"));
    assertEquals(List.of("usermod -u 54321 -G dba -s /bin/ksh oracle"), argvs(exact));
    ApplyResult r =
        harness.assertConverges(
            oracle("groups", List.of("dba"), "uid", 54321, "shell", "/bin/ksh"));
    assertEquals("dba", r.data().get("groups"));
    Plan primaryListed = harness.plan(oracle("group", "oinstall", "groups", "oinstall,dba"));
    ModuleHarness.assertUpToDate(primaryListed);
  }

  @Test
  void absentRemovesTheUser() {
    harness.assertConverges(oracle("groups", "dba", "group", "oinstall"));
    Map<String, Object> args = oracle("state", "absent", "remove", true);
    assertEquals(List.of("userdel -r oracle"), argvs(harness.plan(args)));
    harness.assertConverges(args);
    assertFalse(host.read("etc/passwd").contains("oracle"));
    assertFalse(host.read("etc/group").contains("oracle"));
  }

  @Test
  void aGroupMissingNowIsPlannedWithANoteAndTheApplyFailsWhileItIsStillMissing() {
    // a check run: the group task before this one has not created asmadmin
    Map<String, Object> args = oracle("group", "asmadmin", "groups", "dba");
    Plan check = harness.plan(args);
    assertTrue(check.failure().isEmpty(), () -> check.failure().get());
    assertEquals(List.of("useradd -g asmadmin -G dba -m oracle"), argvs(check));
    assertEquals(
        "add user oracle (group asmadmin does not exist yet on standin: an earlier task must"
            + " create it)",
        check.steps().get(0).describe());
    assertEquals(List.of("asmadmin"), check.data().get("missing_groups"));
    ApplyResult r = harness.apply(args);
    assertTrue(r.failure().orElseThrow().contains("group 'asmadmin' does not exist"), r.toString());
    assertFalse(host.read("etc/passwd").contains("oracle"));
    // once the group exists, the same task converges
    host.write("etc/group", host.read("etc/group") + "asmadmin:x:54329:\n");
    harness.assertConverges(args);
  }

  @Test
  void badArgumentsAreRefusedAndPasswordsNeverReachArgv() {
    harness.assertRejected(
        oracle("password", "$6$salt$hash"), "argument 'password' is not supported");
    harness.assertRejected(oracle("home", "/home/x:0:0"), "argument 'home' must not contain ':'");
    harness.assertRejected(oracle("comment", "a\nroot2::0:0::/:/bin/sh"), "'comment'");
    harness.assertRejected(oracle("groups", "dba,o per"), "'o per' is not a valid group name");
    harness.assertRejected(oracle("shell", "bash"), "must be an absolute path");
    harness.assertRejected(Map.of("name", "oracle;id"), "not a valid user name");
    harness.assertRejected(oracle("uid", "x"), "must be an integer");
    harness.assertRejected(oracle("generate_ssh_key", true), "unknown argument");
    assertEquals(List.of(), host.calls());
  }
}
