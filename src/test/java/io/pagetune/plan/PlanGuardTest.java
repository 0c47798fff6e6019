package io.pagetune.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.JournaledWrite;
import io.pagetune.modules.FileWrite;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each write of an apply is let through only when the plan has it for that host, task and path, the
 * file holds the plan's before content and the new content is the plan's after content; a refused
 * write never reaches the journal (and so never the host).
 */
class PlanGuardTest {
  private final List<String> journaled = new ArrayList<>();
  private final ChangeJournal journal =
      new ChangeJournal() {
        @Override
        public PendingChange intending(JournaledWrite write) {
          journaled.add(write.host() + " " + write.write().path());
          return PendingChange.NONE;
        }
      };

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static SavedPlan plan() {
    PlannedWrite w =
        new PlannedWrite(
            "/etc/sysctl.d/97-hugepages.conf",
            null,
            FileContent.of(b("vm.nr_hugepages = 8\n"), false),
            FileContent.of(b("vm.nr_hugepages = 16\n"), false),
            null,
            false);
    TaskPlan t =
        new TaskPlan(
            "persist",
            "site.yml:3:7",
            false,
            List.of("write x"),
            List.of(w),
            List.of(),
            List.of(),
            null);
    return new SavedPlan(
        1,
        "2026-11-29T10:00:00Z",
        "alice",
        "run1",
        new PlanSource(
            "site.yml",
            new java.util.TreeMap<>(Map.of("site.yml", "sha256:a")),
            List.of("hosts.yml"),
            "sha256:b",
            null,
            null,
            null,
            Map.of()),
        List.of(new HostPlan("db1", Map.of(), List.of(t))));
  }

  private static JournaledWrite write(String host, String task, String before, String after) {
    return new JournaledWrite(
        "apply1",
        host,
        task,
        new FileWrite(
            "/etc/sysctl.d/97-hugepages.conf",
            Optional.ofNullable(before).map(PlanGuardTest::b),
            Optional.empty(),
            Optional.of(b(after)),
            Optional.empty(),
            Become.NONE),
        List.of(),
        false);
  }

  @Test
  void thePlannedWriteGoesThroughOnce() {
    PlanGuard guard = new PlanGuard(plan(), journal);
    guard.intending(write("db1", "persist", "vm.nr_hugepages = 8\n", "vm.nr_hugepages = 16\n"));
    assertEquals(List.of("db1 /etc/sysctl.d/97-hugepages.conf"), journaled);
    // the plan has that write once: a second one is not the plan's
    assertThrows(
        PlanRefusal.class,
        () ->
            guard.intending(
                write("db1", "persist", "vm.nr_hugepages = 8\n", "vm.nr_hugepages = 16\n")));
  }

  @Test
  void aDriftedFileIsRefusedWithThePlanToLiveDiff() {
    PlanGuard guard = new PlanGuard(plan(), journal);
    PlanRefusal r =
        assertThrows(
            PlanRefusal.class,
            () ->
                guard.intending(
                    write("db1", "persist", "vm.nr_hugepages = 12\n", "vm.nr_hugepages = 16\n")));
    assertEquals("db1", r.host());
    assertTrue(r.getMessage().contains("changed since the plan was made"), r.getMessage());
    assertTrue(r.getMessage().contains("-vm.nr_hugepages = 8"), r.getMessage());
    assertTrue(r.getMessage().contains("+vm.nr_hugepages = 12"), r.getMessage());
    assertEquals(List.of(), journaled);
    assertEquals(1, guard.refusals().size());
  }

  @Test
  void aDifferentRenderingAWriteOutsideThePlanAndAnotherHostAreRefused() {
    PlanGuard guard = new PlanGuard(plan(), journal);
    PlanRefusal rendered =
        assertThrows(
            PlanRefusal.class,
            () ->
                guard.intending(
                    write("db1", "persist", "vm.nr_hugepages = 8\n", "vm.nr_hugepages = 32\n")));
    assertTrue(rendered.getMessage().contains("differently from the plan"), rendered.getMessage());
    assertTrue(rendered.getMessage().contains("+vm.nr_hugepages = 32"), rendered.getMessage());
    assertThrows(
        PlanRefusal.class,
        () ->
            guard.intending(
                write("db1", "other task", "vm.nr_hugepages = 8\n", "vm.nr_hugepages = 16\n")));
    assertThrows(
        PlanRefusal.class,
        () ->
            guard.intending(
                write("db2", "persist", "vm.nr_hugepages = 8\n", "vm.nr_hugepages = 16\n")));
    assertThrows(
        PlanRefusal.class,
        () -> guard.intending(write("db1", "persist", null, "vm.nr_hugepages = 16\n")));
    assertEquals(List.of(), journaled);
  }
}
