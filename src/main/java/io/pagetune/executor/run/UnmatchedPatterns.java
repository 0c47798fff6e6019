package io.pagetune.executor.run;

import io.pagetune.inventory.HostPattern;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.Limit;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Playbook;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Warnings for the terms of {@code --limit} and of plays' {@code hosts:} that name nothing in the
 * inventory ({@code --limit 'oracle_db:orcale_dr'}): the rest of the pattern still selects hosts,
 * so the run goes on, but the typo is said, as Ansible does.
 */
final class UnmatchedPatterns {
  private UnmatchedPatterns() {}

  static List<String> warnings(Playbook playbook, Inventory inventory, String limit) {
    Set<String> out = new LinkedHashSet<>();
    if (limit != null) {
      for (String term : HostPattern.parse(limit, Limit.WHERE).unmatchedTerms(inventory)) {
        out.add("could not match supplied host pattern, ignoring: " + term + " (--limit)");
      }
    }
    for (Play play : playbook.plays()) {
      for (String term :
          HostPattern.parse(play.hosts(), play.hostsLocation()).unmatchedTerms(inventory)) {
        out.add(
            "could not match supplied host pattern, ignoring: "
                + term
                + " ("
                + play.hostsLocation()
                + ")");
      }
    }
    return new ArrayList<>(out);
  }
}
