package io.pagetune.app;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.inventory.Inventory;
import io.pagetune.plan.Drift;
import io.pagetune.plan.DriftCheck;
import io.pagetune.plan.HostPlan;
import io.pagetune.plan.SavedPlan;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Before an apply writes anything, every planned file of every host is checked against the plan; a
 * host with any drift (or one that cannot be read) is refused whole and told why on {@code
 * messages}.
 */
public final class DriftedHosts {
  private final PrintStream messages;

  public DriftedHosts(PrintStream messages) {
    this.messages = messages;
  }

  /** The hosts of {@code hosts} that drifted since the plan, or cannot be checked. */
  public Set<String> refuse(
      SavedPlan plan, Inventory inv, Set<String> hosts, Connections connections) {
    Set<String> refused = new LinkedHashSet<>();
    // one connection per host for all its files, closed once every host is checked
    Map<String, Connection> open = new LinkedHashMap<>();
    DriftCheck check =
        new DriftCheck(
            (host, path, user) ->
                open.computeIfAbsent(
                        host,
                        name ->
                            connections.open(
                                ConnectionSpec.fromVars(
                                    name, inv.host(name).orElseThrow().vars().resolve())))
                    .read(path, user.map(Become::as).orElse(Become.NONE)));
    try {
      checkHosts(plan, inv, hosts, check, refused);
    } finally {
      open.values().forEach(Connection::close);
    }
    return refused;
  }

  private void checkHosts(
      SavedPlan plan, Inventory inv, Set<String> hosts, DriftCheck check, Set<String> refused) {
    for (HostPlan h : plan.hosts()) {
      if (!hosts.contains(h.host())) {
        continue;
      }
      if (inv.host(h.host()).isEmpty()) {
        messages.println("refused: [" + h.host() + "]: not in the inventory");
        refused.add(h.host());
        continue;
      }
      List<Drift> drifts;
      try {
        drifts = check.check(h);
      } catch (RuntimeException e) {
        messages.println("refused: [" + h.host() + "]: cannot read its files: " + e.getMessage());
        refused.add(h.host());
        continue;
      }
      for (Drift d : drifts) {
        messages.println("refused: [" + h.host() + "]: " + d.describe());
      }
      if (!drifts.isEmpty()) {
        refused.add(h.host());
      }
    }
  }
}
