package io.pagetune.executor;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One task check mode planned on one host.
 *
 * @param noLog the task has {@code no_log}: its contents must never be kept, only their hashes
 * @param restarts the restart lines check mode predicts (kind, window, local time)
 * @param restartSteps the same restarts as requested, one per line of {@code restarts}
 * @param facts the host's {@code ansible_facts} the plan was made from
 * @param files reads a file on the host as the task would (its become user)
 * @param becomeUser the user the task writes as, empty without become
 * @param commands the commands its steps run, as the task runs them ({@link #commandsOf})
 */
public record PlannedTask(
    String host,
    String task,
    String location,
    boolean noLog,
    Plan plan,
    List<String> restarts,
    List<Step.RequestRestart> restartSteps,
    Map<String, Object> facts,
    HostFiles files,
    Optional<String> becomeUser,
    List<RemoteCommand> commands) {
  public PlannedTask {
    Objects.requireNonNull(host);
    Objects.requireNonNull(task);
    Objects.requireNonNull(plan);
    Objects.requireNonNull(files);
    restarts = List.copyOf(restarts);
    restartSteps = restartSteps == null ? List.of() : List.copyOf(restartSteps);
    facts = facts == null ? Map.of() : facts;
    becomeUser = becomeUser == null ? Optional.empty() : becomeUser;
    commands = commands == null ? List.of() : List.copyOf(commands);
  }

  /** The commands {@code steps} run for {@code call}, exactly as the host gets them. */
  public static List<RemoteCommand> commandsOf(List<Step> steps, ModuleCall call) {
    return steps.stream()
        .filter(s -> s instanceof Step.Exec)
        .map(s -> call.effective(((Step.Exec) s).command()))
        .toList();
  }

  /** Reads what a file on the host holds now; empty when there is no such file. */
  @FunctionalInterface
  public interface HostFiles {
    Optional<byte[]> read(String path);
  }
}
