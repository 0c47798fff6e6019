package io.pagetune.app;

import io.pagetune.executor.FactsRecorder;
import io.pagetune.state.HostFacts;
import io.pagetune.state.HostFactsStore;
import io.pagetune.state.StateStore;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps each host's page states in the state store once its facts are gathered, so {@code status}
 * shows them later without asking the host.
 */
final class StoredFacts implements FactsRecorder {
  private final HostFactsStore facts;
  private final Clock clock;
  private final Wiring wiring;

  StoredFacts(StateStore store, Clock clock, Wiring wiring) {
    this.wiring = wiring;
    this.facts = new HostFactsStore(store);
    this.clock = clock;
  }

  @Override
  public void gathered(String host, String runId, Map<String, Object> values) {
    facts.save(
        new HostFacts(
            host, Optional.ofNullable(runId), clock.instant(), wiring.factStates(values)));
  }
}
