package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShellModuleTest {
  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness = new ModuleHarness(new ShellModule(), dir);
  }

  @Test
  void isNeverPredictedInCheckMode() {
    assertEquals(CheckSupport.NONE, new ShellModule().checkSupport());
  }

  @Test
  void runsShellSyntax() {
    ApplyResult r = harness.apply(Map.of("cmd", "printf 'b\\na\\n' | sort; echo err >&2; exit 3"));
    assertEquals(3, r.data().get("rc"));
    assertEquals("a\nb", r.data().get("stdout"));
    assertEquals(List.of("a", "b"), r.data().get("stdout_lines"));
    assertEquals("err", r.data().get("stderr"));
    assertEquals("printf 'b\\na\\n' | sort; echo err >&2; exit 3", r.data().get("cmd"));
    assertTrue(r.failure().get().contains("exit code 3"));
    assertEquals("non-zero return code", r.data().get("msg"));
  }

  @Test
  void planWithoutChdirIsAScript() {
    Plan plan = harness.plan(Map.of("cmd", "echo $HOME"));
    Step.Exec exec = (Step.Exec) plan.steps().get(0);
    assertEquals("echo $HOME", exec.command().script());
  }

  @Test
  void chdirAppliesToTheWholeScript() throws Exception {
    Path sub = Files.createDirectory(dir.resolve("sub"));
    ApplyResult r = harness.apply(Map.of("cmd", "false || pwd", "chdir", sub.toString()));
    assertEquals(sub.toRealPath().toString(), r.data().get("stdout"));
  }

  @Test
  void executableRunsTheScript() {
    ApplyResult r = harness.apply(Map.of("cmd", "echo $0", "executable", "/bin/sh"));
    assertEquals("/bin/sh", r.data().get("stdout"));
  }

  @Test
  void createsMakesItIdempotent() {
    Path out = dir.resolve("out.txt");
    Map<String, Object> args = Map.of("cmd", "echo hi > " + out, "creates", out.toString());
    harness.assertConverges(args);
    assertEquals(out + " exists", harness.plan(args).reason());
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(Map.of("chdir", "/tmp"), "missing required argument 'cmd'");
    harness.assertRejected(
        Map.of("cmd", "ls", "executabel", "/bin/bash"), "did you mean 'executable'");
    harness.assertRejected(Map.of("cmd", List.of("ls")), "'cmd' must be a string, not a list");
  }
}
