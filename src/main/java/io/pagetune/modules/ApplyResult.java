package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What applying a plan did: whether the host changed, the commands' results (for {@code register}
 * of command/shell), the restarts it requested, backups written, and a failure if a step failed.
 */
public record ApplyResult(
    boolean changed,
    List<CommandResult> commands,
    List<Step.RequestRestart> restarts,
    List<String> backups,
    Map<String, Object> data,
    Optional<String> failure) {

  public ApplyResult {
    commands = List.copyOf(commands);
    restarts = List.copyOf(restarts);
    backups = List.copyOf(backups);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    failure = failure == null ? Optional.empty() : failure;
  }

  public ApplyResult withFailure(String message) {
    return new ApplyResult(changed, commands, restarts, backups, data, Optional.of(message));
  }

  public ApplyResult withData(Map<String, Object> more) {
    Map<String, Object> merged = new LinkedHashMap<>(data);
    merged.putAll(more);
    return new ApplyResult(changed, commands, restarts, backups, merged, failure);
  }
}
