package io.pagetune.restart.drivers;

import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartCheck;
import io.pagetune.schedule.drivers.RestartKind;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The restart kinds no target owns: a systemd service and a reboot. What they verify comes from the
 * targets ({@code afterHostRestart}): the first target with something to verify on the host.
 */
public final class HostRestartKinds {
  private HostRestartKinds() {}

  public static List<RestartKind> of(List<RestartCheck> afterHostRestart) {
    List<RestartCheck> checks = List.copyOf(afterHostRestart);
    RestartCheck any =
        (target, vars) ->
            checks.stream()
                .map(c -> c.verifyArgs(target, vars))
                .flatMap(Optional::stream)
                .findFirst();
    return List.of(
        new RestartKind(
            RestartTarget.SERVICE,
            Duration.ofMinutes(5),
            c -> new ServiceDriver(ServiceDriver.Options.defaults(), c.clock(), c.sleeper()),
            any),
        new RestartKind(
            RestartTarget.REBOOT,
            RestartTarget.REBOOT,
            RestartTarget.Scope.HOST,
            Duration.ofMinutes(15),
            c ->
                new RebootDriver(
                    RebootDriver.Options.defaults(), c.reconnect(), c.clock(), c.sleeper()),
            any));
  }
}
