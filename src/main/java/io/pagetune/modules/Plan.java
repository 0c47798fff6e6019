package io.pagetune.modules;

import io.pagetune.pages.PageState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a module would do. No steps that change the host = already compliant, and {@code reason}
 * says why. {@code data} is what the task returns for {@code register} (e.g. {@code msg}, {@code
 * ansible_facts}), {@code pageStates} the page-size targets' three states it found (registered as
 * {@code page_state}). {@code failure} set = the task fails without changing anything (refused
 * precondition, assert).
 */
public record Plan(
    List<Step> steps,
    List<FileDiff> diffs,
    String reason,
    Map<String, Object> data,
    Optional<String> failure,
    List<PageState> pageStates) {

  public Plan {
    steps = List.copyOf(steps);
    diffs = List.copyOf(diffs);
    data = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(data));
    failure = failure == null ? Optional.empty() : failure;
    pageStates = pageStates == null ? List.of() : List.copyOf(pageStates);
  }

  /** A plan that reports no page state. */
  public Plan(
      List<Step> steps,
      List<FileDiff> diffs,
      String reason,
      Map<String, Object> data,
      Optional<String> failure) {
    this(steps, diffs, reason, data, failure, List.of());
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
    return new Plan(steps, diffs, reason, merged, failure, pageStates);
  }

  /** The same plan reporting {@code states}, one per page-size target it looked at. */
  public Plan withPageStates(List<PageState> states) {
    return new Plan(steps, diffs, reason, data, failure, states);
  }

  /** Whether applying the plan changes the host: a step other than a read-back. */
  public boolean changes() {
    return !changeSteps().isEmpty();
  }

  /** The steps that change the host or ask for a restart, without the read-backs. */
  public List<Step> changeSteps() {
    return steps.stream().filter(s -> !(s instanceof Step.ReadBack)).toList();
  }

  /** What the task registers: {@code data}, with {@code page_state} when the plan reports any. */
  public Map<String, Object> registered() {
    return PageStates.registered(data, pageStates);
  }
}
