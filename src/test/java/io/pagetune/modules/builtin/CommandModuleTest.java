package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
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

class CommandModuleTest {
  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness = new ModuleHarness(new CommandModule(), dir);
  }

  @Test
  void isNeverPredictedInCheckMode() {
    assertEquals(CheckSupport.NONE, new CommandModule().checkSupport());
  }

  @Test
  void planIsOneArgvStep() {
    Plan plan = harness.plan(Map.of("cmd", "echo 'a b' c"));
    assertEquals(1, plan.changeSteps().size());
    Step.Exec exec = assertInstanceOf(Step.Exec.class, plan.steps().get(0));
    // what the command printed is registered even when it fails
    assertTrue(assertInstanceOf(Step.ReadBack.class, plan.steps().get(1)).afterFailure());
    assertEquals(List.of("echo", "a b", "c"), exec.command().argv());
    assertEquals(null, exec.command().script());
  }

  @Test
  void runsWithoutShellAndReturnsRegisterData() {
    ApplyResult r = harness.apply(Map.of("cmd", "printf '%s|%s\\n' $HOME '*'"));
    assertTrue(r.failure().isEmpty());
    assertTrue(r.changed());
    assertEquals("$HOME|*", r.data().get("stdout"));
    assertEquals(0, r.data().get("rc"));
    assertEquals("", r.data().get("stderr"));
    assertEquals(List.of("$HOME|*"), r.data().get("stdout_lines"));
    assertEquals(List.of(), r.data().get("stderr_lines"));
    assertEquals(List.of("printf", "%s|%s\\n", "$HOME", "*"), r.data().get("cmd"));
    // ansible.builtin.command returns an empty msg when the command ran and exited 0
    assertEquals("", r.data().get("msg"));
  }

  @Test
  void multiLineOutputIsSplitIntoLines() {
    ApplyResult r = harness.apply(Map.of("argv", List.of("printf", "one\ntwo\n\n")));
    assertEquals("one\ntwo", r.data().get("stdout"));
    assertEquals(List.of("one", "two"), r.data().get("stdout_lines"));
  }

  @Test
  void nonZeroExitFailsButKeepsTheOutput() {
    ApplyResult r = harness.apply(Map.of("cmd", "ls /no/such/path-pagetune"));
    assertTrue(r.failure().isPresent());
    assertEquals(2, r.data().get("rc"));
    assertTrue(((String) r.data().get("stderr")).contains("/no/such/path-pagetune"));
    // registered msg is ansible.builtin.command's; the task's own message names the command
    assertEquals("non-zero return code", r.data().get("msg"));
    assertTrue(r.failure().get().contains("exit code 2"), r.failure().get());
  }

  @Test
  void createsMakesTheCommandIdempotent() throws Exception {
    Map<String, Object> args =
        Map.of("cmd", "touch marker", "chdir", dir.toString(), "creates", "marker");
    harness.assertConverges(args);
    assertTrue(Files.exists(dir.resolve("marker")));
    Plan again = harness.plan(args);
    assertEquals("marker exists", again.reason());
    assertEquals(0, again.data().get("rc"));
    assertEquals("skipped, since marker exists", again.data().get("stdout"));
    // ansible.builtin.command quotes the path in msg and not in stdout
    assertEquals("Did not run command since 'marker' exists", again.data().get("msg"));
  }

  @Test
  void removesSkipsWhenThePathIsGone() throws Exception {
    Path victim = Files.writeString(dir.resolve("victim"), "x");
    Map<String, Object> args =
        Map.of("argv", List.of("rm", victim.toString()), "removes", victim.toString());
    harness.assertConverges(args);
    assertFalse(Files.exists(victim));
    assertEquals(victim + " does not exist", harness.plan(args).reason());
    assertEquals(
        "Did not run command since '" + victim + "' does not exist",
        harness.plan(args).data().get("msg"));
  }

  @Test
  void stdinIsFedWithAFinalNewline() {
    ApplyResult r = harness.apply(Map.of("cmd", "od -c", "stdin", "hi"));
    assertTrue(((String) r.data().get("stdout")).contains("h   i  \\n"), r.data().toString());
    ApplyResult raw =
        harness.apply(
            Map.of("argv", List.of("wc", "-c"), "stdin", "hi", "stdin_add_newline", false));
    assertEquals("2", ((String) raw.data().get("stdout")).strip());
  }

  @Test
  void chdirSetsTheWorkingDirectory() throws Exception {
    ApplyResult r = harness.apply(Map.of("cmd", "pwd", "chdir", dir.toString()));
    assertEquals(dir.toRealPath().toString(), r.data().get("stdout"));
  }

  @Test
  void taskEnvironmentReachesTheCommand() {
    harness.environment(Map.of("PAGETUNE_PROBE", "it's here"));
    ApplyResult r = harness.apply(Map.of("cmd", "printenv PAGETUNE_PROBE"));
    assertEquals("it's here", r.data().get("stdout"));
  }

  @Test
  void unbalancedQuotesFailThePlan() {
    Plan plan = harness.plan(Map.of("cmd", "echo 'oops"));
    assertTrue(plan.failure().get().contains("unterminated single quote"));
    assertTrue(plan.steps().isEmpty());
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(
        Map.of("cmd", "ls", "creats", "/x"), "unknown argument 'creats'", "did you mean 'creates'");
    harness.assertRejected(
        Map.of("cmd", "ls", "stdin_add_newline", "maybe"), "'stdin_add_newline' must be a boolean");
    harness.assertRejected(Map.of("argv", Map.of("a", 1)), "'argv' must be a list");
    harness.assertRejected(Map.of("creates", "/x"), "'cmd' or 'argv' must be given");
    harness.assertRejected(Map.of("cmd", "ls", "argv", List.of("ls")), "only one of them");
  }
}
