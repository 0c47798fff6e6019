package io.pagetune.restart;

import io.pagetune.restart.drivers.HostRestartKinds;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.drivers.DriverContext;
import io.pagetune.schedule.drivers.Drivers;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.Target;
import java.util.ArrayList;
import java.util.List;

/** Every restart kind of a command: each target's own, then service and reboot. */
public final class RestartKinds {
  private RestartKinds() {}

  public static List<RestartKind> of(List<Target> targets) {
    List<RestartKind> kinds = new ArrayList<>();
    for (Target t : targets) {
      kinds.addAll(t.restartKinds());
    }
    kinds.addAll(HostRestartKinds.of(targets.stream().map(Target::afterHostRestart).toList()));
    return List.copyOf(kinds);
  }

  /** The names {@code request_restart: kind:} and {@code pagetune_restart_commands} accept. */
  public static List<String> names(List<Target> targets) {
    return of(targets).stream().map(RestartKind::name).toList();
  }

  /** How each kind is named and how far one restart of it reaches, as its target declares. */
  public static RestartCatalog catalog(List<Target> targets) {
    return new RestartCatalog(of(targets).stream().map(RestartKind::entry).toList());
  }

  /** The kinds with their drivers built for one command. */
  public static Drivers drivers(List<Target> targets, DriverContext context) {
    return new Drivers(of(targets), context);
  }
}
