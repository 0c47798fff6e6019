package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;

/**
 * What one task will do on one host.
 *
 * @param steps each step's one-line description, in order
 * @param restarts the restarts it needs, with their window and local time as check mode said
 * @param restartIntents the same restarts by kind and target: the only ones an apply may queue
 * @param pageState the task's desired/persisted/effective page state, when it reports one
 * @param commands the commands it runs, as approved ({@link ApprovedCommand}): an apply runs no
 *     other
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TaskPlan(
    String task,
    String location,
    boolean noLog,
    List<String> steps,
    List<PlannedWrite> writes,
    List<String> restarts,
    List<PlannedRestart> restartIntents,
    Object pageState,
    List<String> commands) {
  public TaskPlan {
    Objects.requireNonNull(task, "task");
    steps = steps == null ? List.of() : List.copyOf(steps);
    writes = writes == null ? List.of() : List.copyOf(writes);
    restarts = restarts == null ? List.of() : List.copyOf(restarts);
    restartIntents = restartIntents == null ? List.of() : List.copyOf(restartIntents);
    commands = commands == null ? List.of() : List.copyOf(commands);
  }

  /** A task that runs no command. */
  public TaskPlan(
      String task,
      String location,
      boolean noLog,
      List<String> steps,
      List<PlannedWrite> writes,
      List<String> restarts,
      List<PlannedRestart> restartIntents,
      Object pageState) {
    this(task, location, noLog, steps, writes, restarts, restartIntents, pageState, List.of());
  }
}
