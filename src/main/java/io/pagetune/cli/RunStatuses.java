package io.pagetune.cli;

import io.pagetune.state.Journal;
import io.pagetune.state.RunOwner;
import io.pagetune.state.RunRecord;
import java.util.Set;

/**
 * How a journaled run stands as {@code history} shows it. A run without an end whose process is
 * gone (or, from another node, silent for an hour) is "interrupted", as the next run would mark it,
 * not "running": read from the journal alone, without contacting hosts or writing anything.
 */
final class RunStatuses {
  private final Set<String> dead;

  RunStatuses(Journal journal) {
    this.dead = journal.runs().dead(RunOwner.current().node());
  }

  String of(RunRecord run) {
    return run.status().orElse(dead.contains(run.runId()) ? "interrupted" : "running");
  }
}
