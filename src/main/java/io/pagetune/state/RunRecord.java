package io.pagetune.state;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** One journaled run: who started which playbook when, and how it ended (empty while running). */
public record RunRecord(
    String runId,
    String playbook,
    String startedBy,
    boolean checkMode,
    Instant startedAt,
    Optional<Instant> finishedAt,
    Optional<String> status) {
  public RunRecord {
    Objects.requireNonNull(runId);
    Objects.requireNonNull(playbook);
    Objects.requireNonNull(startedBy);
    Objects.requireNonNull(startedAt);
    Objects.requireNonNull(finishedAt);
    Objects.requireNonNull(status);
  }
}
