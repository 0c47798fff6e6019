package io.pagetune.state;

import io.pagetune.pages.PageState;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The latest page facts of one host as the state store keeps them.
 *
 * @param runId the run that gathered them; empty when {@code status --refresh} did
 * @param pages the page state of every target the facts showed, in target order
 */
public record HostFacts(
    String host, Optional<String> runId, Instant gatheredAt, List<PageState> pages) {
  public HostFacts {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(gatheredAt, "gatheredAt");
    pages = List.copyOf(pages);
  }
}
