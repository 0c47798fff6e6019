package io.pagetune.modules;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a module would do. No steps = already compliant, and {@code reason} says why. {@code data}
 * is what the task returns for {@code register} (e.g. {@code msg}, {@code ansible_facts}). {@code
 * failure} set = the task fails without changing anything (refused precondition, assert).
 */
public record Plan(
    List<Step> steps,
    List<FileDiff> diffs,
    String reason,
    Map<String, Object> data,
    Optional<String> failure) {

  public Plan {
    steps = List.copyOf(steps);
    diffs = List.copyOf(diffs);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    failure = failure == null ? Optional.empty() : failure;
  }

  public static Plan upToDate(String reason) {
    return new Plan(List.of(), List.of(), reason, Map.of(), Optional.empty());
  }

  public static Plan upToDate(String reason, Map<String, Object> data) {
    return new Plan(List.of(), List.of(), reason, data, Optional.empty());
  }

  public static Plan of(List<Step> steps, List<FileDiff> diffs) {
    return new Plan(steps, diffs, null, Map.of(), Optional.empty());
  }

  public static Plan failed(String message) {
    return new Plan(List.of(), List.of(), null, Map.of("msg", message), Optional.of(message));
  }

  public Plan withData(Map<String, Object> more) {
    Map<String, Object> merged = new LinkedHashMap<>(data);
    merged.putAll(more);
    return new Plan(steps, diffs, reason, merged, failure);
  }

  public boolean changes() {
    return !steps.isEmpty();
  }
}
