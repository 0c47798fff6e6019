package io.pagetune.playbook;

import java.util.List;

/** A playbook after {@code import_playbook} expansion: its plays in order. */
public record Playbook(String file, List<Play> plays) {
  public Playbook {
    plays = List.copyOf(plays);
  }

  /** The plays that name no strategy under {@code strategy} (ansible.cfg's {@code strategy}). */
  public Playbook withDefaultStrategy(Play.Strategy strategy) {
    return new Playbook(file, plays.stream().map(p -> p.withDefaultStrategy(strategy)).toList());
  }
}
