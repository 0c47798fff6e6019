package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.PageState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What applying a plan did: whether the host changed, the commands' results (for {@code register}
 * of command/shell), the restarts it requested, backups written, and a failure if a step failed.
 *
 * @param stepsRun how many of the plan's steps ran, the failed one included; empty = all of them
 * @param pageStates the page states the plan reported, as the apply's read-backs left them
 */
public record ApplyResult(
    boolean changed,
    List<CommandResult> commands,
    List<Step.RequestRestart> restarts,
    List<String> backups,
    Map<String, Object> data,
    Optional<String> failure,
    OptionalInt stepsRun,
    List<PageState> pageStates) {

  public ApplyResult {
    commands = List.copyOf(commands);
    restarts = List.copyOf(restarts);
    backups = List.copyOf(backups);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    failure = failure == null ? Optional.empty() : failure;
    stepsRun = stepsRun == null ? OptionalInt.empty() : stepsRun;
    pageStates = pageStates == null ? List.of() : List.copyOf(pageStates);
  }

  /** A result that reports no page state. */
  public ApplyResult(
      boolean changed,
      List<CommandResult> commands,
      List<Step.RequestRestart> restarts,
      List<String> backups,
      Map<String, Object> data,
      Optional<String> failure,
      OptionalInt stepsRun) {
    this(changed, commands, restarts, backups, data, failure, stepsRun, List.of());
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
        changed, commands, restarts, backups, data, Optional.of(message), stepsRun, pageStates);
  }

  public ApplyResult withData(Map<String, Object> more) {
    Map<String, Object> merged = new LinkedHashMap<>(data);
    merged.putAll(more);
    return new ApplyResult(
        changed, commands, restarts, backups, merged, failure, stepsRun, pageStates);
  }

  /** The same result with the page states as a read-back found them. */
  public ApplyResult withPageStates(List<PageState> states) {
    return new ApplyResult(changed, commands, restarts, backups, data, failure, stepsRun, states);
  }

  /** The same result also asking for {@code restart}. */
  public ApplyResult withRestart(Step.RequestRestart restart) {
    List<Step.RequestRestart> more = new ArrayList<>(restarts);
    more.add(restart);
    return new ApplyResult(changed, commands, more, backups, data, failure, stepsRun, pageStates);
  }

  /** The same result with {@code command}'s result among the commands run. */
  public ApplyResult withCommand(CommandResult command) {
    List<CommandResult> more = new ArrayList<>(commands);
    more.add(command);
    return new ApplyResult(changed, more, restarts, backups, data, failure, stepsRun, pageStates);
  }

  /** What the task registers: {@code data}, with {@code page_state} when the result has any. */
  public Map<String, Object> registered() {
    return PageStates.registered(data, pageStates);
  }
}
