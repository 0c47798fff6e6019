package io.pagetune.playbook;

import java.util.List;

/** A playbook after {@code import_playbook} expansion: its plays in order. */
public record Playbook(String file, List<Play> plays) {
  public Playbook {
    plays = List.copyOf(plays);
  }
}
