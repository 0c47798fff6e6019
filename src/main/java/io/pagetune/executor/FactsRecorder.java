package io.pagetune.executor;

import java.util.Map;

/** Keeps the facts a run gathered from a host, once per host when its gathering succeeded. */
@FunctionalInterface
public interface FactsRecorder {
  /** Keeps nothing: runs without a state store. */
  FactsRecorder NONE = (host, runId, values) -> {};

  /**
   * @param values the raw fact values as {@link io.pagetune.facts.FactGatherer} returned them
   */
  void gathered(String host, String runId, Map<String, Object> values);
}
