package io.pagetune.app;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunServices;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.state.HostLease;
import io.pagetune.state.HostLeases;
import io.pagetune.state.Journal;
import io.pagetune.state.LeaseSession;
import io.pagetune.state.RunOwner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What {@code schedule run-due} does before it runs restarts: the writes that dead runs journaled
 * and never confirmed are settled against their hosts as the next run that changes a host would. A
 * write found on the host is confirmed and its restarts are queued (a run killed between its write
 * and its restart intent otherwise leaves nothing due); one that never landed is dropped.
 */
final class UnconfirmedWrites {
  private final Journal journal;
  private final Inventory inventory;
  private final Connections connections;
  private final HostLeases leases;
  private final String holder;

  UnconfirmedWrites(
      Journal journal,
      Inventory inventory,
      Connections connections,
      HostLeases leases,
      String holder) {
    this.journal = journal;
    this.inventory = inventory;
    this.connections = connections;
    this.leases = leases;
    this.holder = holder;
  }

  /**
   * Settles the dead runs' writes on every inventory host that has some, through {@code services}
   * (its journal reconciles, its restart sink queues).
   *
   * @return one line per restart queued again and per write left unsettled, and why
   */
  List<String> settle(RunServices services) {
    String node = RunOwner.current().node();
    // a dead run's leases are free once it is marked
    journal.runs().markDeadInterrupted(node);
    List<String> lines = new ArrayList<>();
    try (LeaseSession held =
        new LeaseSession(
            leases, "settle " + UUID.randomUUID().toString().substring(0, 8), holder)) {
      for (String host : journal.unconfirmed().hosts()) {
        Optional<Host> h = inventory.host(host);
        if (h.isEmpty() || journal.unconfirmed().orphaned(host, node).isEmpty()) {
          continue; // another inventory's host, or writes of a run still alive
        }
        Optional<HostLease> busy = held.acquireAll(List.of(host));
        if (busy.isPresent()) {
          lines.add(host + ": " + busy.get().lockedLine() + "; its unconfirmed writes wait");
          continue;
        }
        try {
          lines.addAll(settle(services, host, h.get().vars().resolve()));
        } catch (ConnectionException e) {
          lines.add(host + ": unreachable (" + e.getMessage() + "); its unconfirmed writes wait");
        } finally {
          held.release(host);
        }
      }
    }
    return lines;
  }

  private List<String> settle(RunServices services, String host, Map<String, Object> vars) {
    List<String> lines = new ArrayList<>();
    try (Connection c = connections.open(ConnectionSpec.fromVars(host, vars))) {
      List<String> diverged =
          services
              .journal()
              .reconcile(
                  host,
                  (path, user) -> c.read(path, user.map(Become::as).orElse(Become.NONE)),
                  orphan ->
                      lines.add(
                          host
                              + ": run "
                              + orphan.runId()
                              + " died after its write; "
                              + services
                                  .restarts()
                                  .requested(
                                      new RestartSink.Request(
                                          orphan.runId(),
                                          host,
                                          vars,
                                          orphan.task(),
                                          orphan.restart(),
                                          false))));
      lines.addAll(diverged);
    }
    return lines;
  }
}
