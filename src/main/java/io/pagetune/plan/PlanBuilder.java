package io.pagetune.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.executor.PlanRecorder;
import io.pagetune.executor.PlannedTask;
import io.pagetune.modules.Step;
import io.pagetune.report.UnifiedDiff;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Collects what a check run plans, host by host, into a {@link SavedPlan}. Hosts run in parallel;
 * one host's tasks arrive in order. A file a task already planned to change is, for the next task,
 * what that task leaves in it.
 */
public final class PlanBuilder implements PlanRecorder {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Per host: its facts (the latest seen) and its tasks in order. */
  private static final class HostDraft {
    Map<String, Object> facts = Map.of();
    final List<TaskPlan> tasks = new ArrayList<>();
    final Map<String, Optional<byte[]>> planned = new HashMap<>();
  }

  private final Map<String, HostDraft> hosts = new TreeMap<>();
  private final Predicate<String> secret;

  public PlanBuilder() {
    this(text -> false);
  }

  /**
   * @param secret true for text that holds a secret value (one a vault decrypted): a task whose
   *     steps, contents or commands hold one is kept as a {@code no_log} task is, by hashes only
   */
  public PlanBuilder(Predicate<String> secret) {
    this.secret = secret;
  }

  @Override
  public void planned(PlannedTask task) {
    HostDraft draft;
    synchronized (hosts) {
      draft = hosts.computeIfAbsent(task.host(), h -> new HostDraft());
    }
    synchronized (draft) {
      if (!task.facts().isEmpty()) {
        draft.facts = facts(task.facts());
      }
      boolean hidden = task.noLog() || holdsSecret(task, draft);
      List<String> steps = new ArrayList<>();
      List<PlannedWrite> writes = new ArrayList<>();
      for (Step step : task.plan().changeSteps()) {
        steps.add(hidden ? describeHidden(step) : step.describe());
        if (step instanceof Step.Put put) {
          writes.add(
              write(task, hidden, draft, put.path(), Optional.of(put.content()), put.backup()));
        } else if (step instanceof Step.Remove remove) {
          writes.add(write(task, hidden, draft, remove.path(), Optional.empty(), false));
        }
      }
      Object pageState = hidden ? null : task.plan().registered().get("page_state");
      draft.tasks.add(
          new TaskPlan(
              task.task(),
              task.location(),
              hidden,
              steps,
              writes,
              task.restarts(),
              intents(task),
              pageState == null ? null : json(pageState),
              task.commands().stream().map(c -> ApprovedCommand.of(c, hidden)).toList()));
    }
  }

  /** Whether anything the plan would keep of this task holds a secret value. */
  private boolean holdsSecret(PlannedTask task, HostDraft draft) {
    for (Step step : task.plan().steps()) {
      if (secret.test(step.describe())) {
        return true;
      }
      if (step instanceof Step.Put put) {
        Optional<byte[]> before =
            draft.planned.containsKey(put.path())
                ? draft.planned.get(put.path())
                : task.files().read(put.path());
        if (secret.test(text(Optional.of(put.content()))) || secret.test(text(before))) {
          return true;
        }
      }
    }
    return task.commands().stream().anyMatch(c -> secret.test(ApprovedCommand.text(c)));
  }

  /** The task's restarts by target, each with the line check mode predicted for it. */
  private static List<PlannedRestart> intents(PlannedTask task) {
    List<PlannedRestart> out = new ArrayList<>();
    for (int i = 0; i < task.restartSteps().size(); i++) {
      String line = i < task.restarts().size() ? task.restarts().get(i) : null;
      out.add(PlannedRestart.of(task.restartSteps().get(i), line));
    }
    return out;
  }

  /** The plan so far, without a digest (the writer adds it). */
  public SavedPlan build(Instant createdAt, String createdBy, String runId, PlanSource source) {
    List<HostPlan> out = new ArrayList<>();
    synchronized (hosts) {
      hosts.forEach(
          (name, draft) -> {
            synchronized (draft) {
              out.add(new HostPlan(name, draft.facts, draft.tasks));
            }
          });
    }
    return new SavedPlan(
        SavedPlan.SCHEMA_VERSION, createdAt.toString(), createdBy, runId, source, out);
  }

  private static PlannedWrite write(
      PlannedTask task,
      boolean hashOnly,
      HostDraft draft,
      String path,
      Optional<byte[]> after,
      boolean backup) {
    Optional<byte[]> before =
        draft.planned.containsKey(path) ? draft.planned.get(path) : task.files().read(path);
    draft.planned.put(path, after);
    String diff = hashOnly ? null : UnifiedDiff.of(path, text(before), text(after), 3);
    return new PlannedWrite(
        path,
        task.becomeUser().orElse(null),
        before.map(b -> FileContent.of(b, hashOnly)).orElse(null),
        after.map(b -> FileContent.of(b, hashOnly)).orElse(null),
        diff,
        backup);
  }

  private static String text(Optional<byte[]> bytes) {
    return bytes.map(b -> new String(b, StandardCharsets.UTF_8)).orElse("");
  }

  /** A no_log task's step without its arguments (a command line may carry the secret). */
  private static String describeHidden(Step step) {
    if (step instanceof Step.Exec) {
      return "run a command (hidden: no_log)";
    }
    return step.describe();
  }

  /** A plain JSON value (maps, lists, strings, numbers), whatever the module returned. */
  private static Object json(Object value) {
    try {
      return JSON.convertValue(value, Object.class);
    } catch (IllegalArgumentException e) {
      return String.valueOf(value);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> facts(Map<String, Object> facts) {
    try {
      return JSON.convertValue(facts, Map.class);
    } catch (IllegalArgumentException e) {
      return Map.of("unreadable", String.valueOf(e.getMessage()));
    }
  }
}
