package io.pagetune.pages;

import io.pagetune.facts.Fact;
import java.util.List;
import java.util.Map;

/**
 * One target's part of the page facts: the facts it adds to the host's one fact script and what it
 * puts into {@code ansible_facts.pages}. {@link PageFacts} concatenates the sections of every
 * registered target, so the host still answers in one round trip.
 */
public interface PageFactSection {
  /** The facts this section adds; each snippet checks the platform itself. */
  List<Fact<?>> facts();

  /** Adds this section's keys to the {@code pages} summary, from the gathered values. */
  void summarize(Map<String, Object> gathered, Map<String, Object> pages);
}
