package io.pagetune.cli;

import io.pagetune.state.StateStore;
import java.time.Clock;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --state}: where the run journal and the restart queue live. */
public final class StateOptions {
  static final String STATE_ENV = "PAGETUNE_STATE";

  @Option(
      names = "--state",
      paramLabel = "LOCATION",
      description =
          "State store: an SQLite file (default ~/.pagetune/state.db, or PAGETUNE_STATE), a"
              + " jdbc:postgresql://… URL for several control nodes, or 'none'.")
  String state;

  String location(CliEnvironment env) {
    if (state != null) {
      return state;
    }
    String fromEnv = env.env().get(STATE_ENV);
    return fromEnv != null && !fromEnv.isBlank() ? fromEnv : StateStore.defaultLocation();
  }

  /** The store, or empty with {@code --state none}. */
  Optional<StateStore> open(CliEnvironment env, Clock clock) {
    String location = location(env);
    if (location.equals("none")) {
      return Optional.empty();
    }
    return Optional.of(StateStore.open(location, clock, env.env(), env.err()::println));
  }
}
