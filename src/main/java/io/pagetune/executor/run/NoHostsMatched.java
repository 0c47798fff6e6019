package io.pagetune.executor.run;

import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.playbook.Play;
import java.util.List;
import java.util.Map;

/**
 * A run whose plays select no host at all is invalid input, found before any host is contacted. A
 * single play that matches nothing while others do is skipped with a warning ("no hosts matched"),
 * as Ansible does: {@code site.yml --limit sap_ibmi} legitimately leaves the Oracle play empty.
 */
final class NoHostsMatched {
  private NoHostsMatched() {}

  static void check(Map<Play, List<Host>> targets, String limit) {
    if (targets.isEmpty() || targets.values().stream().anyMatch(hosts -> !hosts.isEmpty())) {
      return;
    }
    Play first = targets.keySet().iterator().next();
    String within = limit == null ? "the inventory" : "--limit '" + limit + "'";
    String what =
        targets.size() == 1
            ? "hosts '" + first.hosts() + "' matches no host of " + within
            : "no play's hosts match a host of "
                + within
                + " (first play: hosts '"
                + first.hosts()
                + "')";
    throw new InputException(first.hostsLocation(), what + "; nothing to do");
  }
}
