package io.pagetune.playbook;

import io.pagetune.template.TemplateLanguages;
import java.util.List;

/**
 * A playbook after {@code import_playbook} expansion: its plays in order, and the language
 * (FreeMarker or Jinja) each of its files is written in.
 */
public record Playbook(String file, List<Play> plays, TemplateLanguages languages) {
  public Playbook {
    plays = List.copyOf(plays);
  }

  /** A playbook whose files are all FreeMarker. */
  public Playbook(String file, List<Play> plays) {
    this(file, plays, new TemplateLanguages());
  }

  /** The plays that name no strategy under {@code strategy} (ansible.cfg's {@code strategy}). */
  public Playbook withDefaultStrategy(Play.Strategy strategy) {
    return new Playbook(
        file, plays.stream().map(p -> p.withDefaultStrategy(strategy)).toList(), languages);
  }
}
