package io.pagetune.restart;

import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.schedule.queue.GateDecision;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.WindowGate;
import io.pagetune.schedule.window.Decision;
import java.time.Instant;
import java.util.Optional;

/**
 * Asks the target host's change window, right before every restart: run now only inside an opening
 * with enough time left, else wait for the next one (a missed window is never run late); a
 * cancelled or closed ServiceNow change stops the restart.
 */
final class InventoryWindowGate implements WindowGate {
  private final Inventory inventory;
  private final WindowLookup windows;

  InventoryWindowGate(Inventory inventory, WindowLookup windows) {
    this.inventory = inventory;
    this.windows = windows;
  }

  @Override
  public GateDecision decide(RestartIntent intent, Instant now) {
    Optional<Host> host = inventory.host(intent.target().host());
    if (host.isEmpty()) {
      return GateDecision.stop("host " + intent.target().host() + " is not in the inventory");
    }
    HostRestartPolicy policy = HostRestartPolicy.of(host.get().name(), host.get().vars().resolve());
    Optional<Decision> d = windows.decide(policy, now, intent.expectedDuration());
    if (d.isEmpty()) {
      return GateDecision.runNow("no change window");
    }
    return switch (d.get().kind()) {
      case RUN_NOW -> GateDecision.runNow(d.get().reason());
      case WAIT_UNTIL ->
          GateDecision.waitUntil(d.get().waitUntil().orElseThrow(), d.get().reason());
      case NEVER -> GateDecision.stop(d.get().reason());
    };
  }
}
