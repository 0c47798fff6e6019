package io.pagetune.targets.solaris;

import io.pagetune.modules.Module;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Sun Java System Web Server on Solaris: MPSS in bin/startserv, effective after a restart. */
public final class SolarisTarget implements Target {
  /** The restart kind: one restart per host and instance directory. */
  public static final String WEB_SERVER = "web_server";

  @Override
  public String name() {
    return "solaris";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new MpssStartservModule(clock));
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(
        new RestartKind(
            WEB_SERVER,
            Duration.ofMinutes(5),
            c -> new WebServerDriver(WebServerDriver.Options.defaults(), c.clock(), c.sleeper()),
            (target, vars) -> Optional.of(Map.of("web_instance", target.id()))));
  }
}
