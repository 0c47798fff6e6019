package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What applying a plan did: whether the host changed, the commands' results (for {@code register}
 * of command/shell), the restarts it requested, backups written, and a failure if a step failed.
 *
 * @param stepsRun how many of the plan's steps ran, the failed one included; empty = all of them (a
 *     module that does not run its plan step by step does not count them)
 */
public record ApplyResult(
    boolean changed,
    List<CommandResult> commands,
    List<Step.RequestRestart> restarts,
    List<String> backups,
    Map<String, Object> data,
    Optional<String> failure,
    OptionalInt stepsRun) {

  public ApplyResult {
    commands = List.copyOf(commands);
    restarts = List.copyOf(restarts);
    backups = List.copyOf(backups);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    failure = failure == null ? Optional.empty() : failure;
    stepsRun = stepsRun == null ? OptionalInt.empty() : stepsRun;
  }

  /** A result that does not say how many steps ran: all of them. */
  public ApplyResult(
      boolean changed,
      List<CommandResult> commands,
      List<Step.RequestRestart> restarts,
      List<String> backups,
      Map<String, Object> data,
      Optional<String> failure) {
    this(changed, commands, restarts, backups, data, failure, OptionalInt.empty());
  }

  /** The first steps of {@code steps} that ran. */
  public List<Step> ran(List<Step> steps) {
    return stepsRun.isPresent() && stepsRun.getAsInt() < steps.size()
        ? steps.subList(0, stepsRun.getAsInt())
        : steps;
  }

  public ApplyResult withFailure(String message) {
    return new ApplyResult(
        changed, commands, restarts, backups, data, Optional.of(message), stepsRun);
  }

  public ApplyResult withData(Map<String, Object> more) {
    Map<String, Object> merged = new LinkedHashMap<>(data);
    merged.putAll(more);
    return new ApplyResult(changed, commands, restarts, backups, merged, failure, stepsRun);
  }
}
