package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.report.RunListener;
import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.report.TaskTiming;
import io.pagetune.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The replay of a host-pinned play gives each task's header once, its real timing, then every
 * host's results in the play's host order, although the hosts ran at different times.
 */
class HostEventLogTest {
  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));

  private static TaskOutcome ok(String host, String task) {
    return TaskOutcome.builder(host, "p", task, "site.yml:3:7", Status.OK).build();
  }

  @Test
  void eachTaskIsTimedFromItsFirstHostsStartToItsLastHostsResult() {
    HostEventLog a = new HostEventLog("a", new WalkPosition(), clock);
    HostEventLog b = new HostEventLog("b", new WalkPosition(), clock);
    // b runs first and fast, a later and slowly: the span covers both
    b.position().enter(0);
    b.taskStarted("read", "site.yml:3:7", false);
    clock.advance(Duration.ofSeconds(1));
    b.hostResult(ok("b", "read"));
    clock.advance(Duration.ofSeconds(2));
    a.position().enter(0);
    a.taskStarted("read", "site.yml:3:7", false);
    clock.advance(Duration.ofSeconds(4));
    a.hostResult(ok("a", "read"));
    a.position().at(1);
    a.taskStarted("write", "site.yml:6:7", false);
    clock.advance(Duration.ofMillis(500));
    a.hostResult(ok("a", "write"));

    List<String> seen = new ArrayList<>();
    HostEventLog.replay(
        List.of(a, b),
        new RunListener() {
          @Override
          public void taskStarted(String task, String location, boolean handler) {
            seen.add("task " + task);
          }

          @Override
          public void taskTimed(TaskTiming t) {
            seen.add("timed " + t.wall().toMillis() + " " + new java.util.TreeMap<>(t.hosts()));
          }

          @Override
          public void hostResult(TaskOutcome o) {
            seen.add("result " + o.host());
          }
        });
    assertEquals(
        List.of(
            "task read",
            "timed 7000 {a=PT4S, b=PT1S}",
            "result a",
            "result b",
            "task write",
            "timed 500 {a=PT0.5S}",
            "result a"),
        seen);
  }

  @Test
  void aTaskGoesOutOnceEveryHostIsPastItNotWhenThePlayEnds() {
    HostEventLog a = new HostEventLog("a", new WalkPosition(), clock);
    HostEventLog b = new HostEventLog("b", new WalkPosition(), clock);
    List<String> seen = new ArrayList<>();
    PinnedOutput output =
        new PinnedOutput(
            List.of(a, b),
            new RunListener() {
              @Override
              public void taskStarted(String task, String location, boolean handler) {
                seen.add("task " + task);
              }

              @Override
              public void hostResult(TaskOutcome o) {
                seen.add(o.host() + " " + o.task());
              }
            });
    // b runs ahead through both tasks: nothing goes out while a has not done the first
    b.position().enter(0);
    b.taskStarted("read", "site.yml:3:7", false);
    b.hostResult(ok("b", "read"));
    b.position().at(1);
    b.taskStarted("write", "site.yml:6:7", false);
    b.hostResult(ok("b", "write"));
    output.finished(b);
    assertEquals(List.of(), seen);
    a.position().enter(0);
    a.taskStarted("read", "site.yml:3:7", false);
    a.hostResult(ok("a", "read"));
    assertEquals(List.of(), seen, "a may still report on read");
    // a moves on: read is complete on every host and goes out, a's host first
    a.position().at(1);
    a.taskStarted("write", "site.yml:6:7", false);
    assertEquals(List.of("task read", "a read", "b read"), seen);
    a.hostResult(ok("a", "write"));
    output.finished(a);
    assertEquals(
        List.of("task read", "a read", "b read", "task write", "a write", "b write"), seen);
  }
}
