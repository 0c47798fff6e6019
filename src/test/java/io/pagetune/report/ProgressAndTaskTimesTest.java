package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.MutableClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressAndTaskTimesTest {
  private static TaskOutcome ok(String host) {
    return TaskOutcome.builder(host, "p", "t", "", Status.OK).message("").build();
  }

  @Test
  void progressShowsElapsedTimeAndAnEstimateForTheTask() {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    ProgressTracker t = new ProgressTracker(clock);
    t.play(List.of("a", "b", "c", "d"));
    clock.advance(Duration.ofSeconds(5));
    t.task("Persist");
    clock.advance(Duration.ofSeconds(10));
    t.result(ok("a"));
    // one host of four done in 10 s: about 30 s to go for the other three
    assertEquals(
        "[1/4 hosts] Persist | failed 0, unreachable 0 | 0:15 elapsed, ~0:30 left in this task",
        t.line());
    clock.advance(Duration.ofHours(1));
    t.result(ok("b"));
    t.result(ok("c"));
    t.result(ok("d"));
    assertEquals("[4/4 hosts] Persist | failed 0, unreachable 0 | 1:00:15 elapsed", t.line());
  }

  @Test
  void verboseEndsWithTheSlowestTasksFirst() {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TaskTimes times = new TaskTimes(new PrintStream(bytes, true, StandardCharsets.UTF_8), clock);
    times.runStarted("site.yml", false);
    times.taskStarted("Gathering Facts", null, false);
    clock.advance(Duration.ofMillis(1250));
    times.taskStarted("Persist", "p.yml:5:7", false);
    clock.advance(Duration.ofSeconds(12));
    times.playFinished("p");
    times.taskStarted("Verify", "v.yml:3:7", false);
    clock.advance(Duration.ofMillis(40));
    times.runFinished(new RunSummary("r", Map.of(), List.of(), false, false), 0);
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(lines.get(1).startsWith("TASK DURATIONS (total 13.29s) ***"), lines.toString());
    assertTrue(lines.get(2).matches("Persist \\(p.yml:5:7\\) -+ 12\\.00s"), lines.get(2));
    assertTrue(lines.get(3).matches("Gathering Facts -+ 1\\.25s"), lines.get(3));
    assertTrue(lines.get(4).matches("Verify \\(v.yml:3:7\\) -+ 0\\.04s"), lines.get(4));
    assertEquals(80, lines.get(2).length());
  }

  /** A host-pinned play's replay takes no time: its tasks' real times come with the replay. */
  @Test
  void aReplayedTaskIsListedWithTheTimeItReallyTook() {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TaskTimes times = new TaskTimes(new PrintStream(bytes, true, StandardCharsets.UTF_8), clock);
    times.runStarted("site.yml", false);
    clock.advance(Duration.ofSeconds(9)); // the hosts run; then their events come at once
    times.taskStarted("Persist", "p.yml:5:7", false);
    times.taskTimed(new TaskTiming(Duration.ofMillis(6500), Map.of("a", Duration.ofSeconds(2))));
    times.hostResult(ok("a"));
    times.taskStarted("Verify", "v.yml:3:7", false);
    times.taskTimed(new TaskTiming(Duration.ofMillis(2250), Map.of()));
    times.playFinished("p");
    times.runFinished(new RunSummary("r", Map.of(), List.of(), false, false), 0);
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(lines.get(1).startsWith("TASK DURATIONS (total 9.00s) ***"), lines.toString());
    assertTrue(lines.get(2).matches("Persist \\(p.yml:5:7\\) -+ 6\\.50s"), lines.get(2));
    assertTrue(lines.get(3).matches("Verify \\(v.yml:3:7\\) -+ 2\\.25s"), lines.get(3));
  }

  @Test
  void theTerminalLineMovesWhileATaskRuns() throws Exception {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TtyProgress tty =
        new TtyProgress(
            new RunListener() {}, new PrintStream(bytes, true, StandardCharsets.UTF_8), clock);
    tty.runStarted("site.yml", false);
    tty.playStarted("p", List.of("a", "b"));
    tty.taskStarted("Restart", "", false);
    clock.advance(Duration.ofSeconds(75));
    // no event comes while the task runs; the ticker redraws within about a second
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!bytes.toString(StandardCharsets.UTF_8).contains("1:15 elapsed")
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    tty.runFinished(new RunSummary("r", Map.of(), List.of(), false, false), 0);
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("[0/2 hosts] Restart | failed 0, unreachable 0 | 1:15 elapsed"), out);
    assertTrue(out.endsWith("\r\u001b[2K"), "the line is erased at the end");
  }

  @Test
  void aHostPinnedPlayShowsHostsDoneWithTheWholePlayAsTheyFinish() {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PlainProgress plain =
        new PlainProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), clock);
    List<String> hosts = new java.util.ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      hosts.add("h" + i);
    }
    plain.playStarted("p", hosts);
    for (int i = 1; i <= 20; i++) {
      clock.advance(Duration.ofSeconds(1));
      Status s = i == 3 ? Status.UNREACHABLE : i == 4 ? Status.FAILED : Status.OK;
      plain.hostFinishedPlay("h" + i, s);
    }
    List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
    // a line at every tenth of the hosts, with the failures so far and an estimate
    assertEquals(10, lines.size(), lines.toString());
    assertEquals(
        "progress: [2/20 hosts] the whole play, host by host | failed 0, unreachable 0 | 0:02"
            + " elapsed, ~0:18 left in this task",
        lines.get(0));
    assertEquals(
        "progress: [20/20 hosts] the whole play, host by host | failed 1, unreachable 1 | 0:20"
            + " elapsed",
        lines.get(9));
  }
}
