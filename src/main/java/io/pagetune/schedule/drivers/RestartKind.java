package io.pagetune.schedule.drivers;

import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.RestartTarget.Scope;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One kind of restart a target registers: the name users write ({@code request_restart: kind:},
 * {@code pagetune_restart_commands} keys), how people read it and how far one restart reaches, how
 * long one usually takes when the host does not say, how its driver is built for a command (drivers
 * need its clock, environment and hosts) and how its effect is verified.
 */
public record RestartKind(
    String name,
    String noun,
    Scope scope,
    Duration expectedDuration,
    Function<DriverContext, RestartDriver> driver,
    RestartCheck check) {
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  public RestartKind {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(noun, "noun");
    Objects.requireNonNull(scope, "scope");
    Objects.requireNonNull(expectedDuration, "expectedDuration");
    Objects.requireNonNull(driver, "driver");
    Objects.requireNonNull(check, "check");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("restart kind '" + name + "' is not a lower-case name");
    }
  }

  /** A kind read by its name ({@code web_server} reads "web server"), one restart per instance. */
  public RestartKind(
      String name,
      Duration expectedDuration,
      Function<DriverContext, RestartDriver> driver,
      RestartCheck check) {
    this(name, RestartTarget.defaultNoun(name), Scope.INSTANCE, expectedDuration, driver, check);
  }

  /** How the catalog knows this kind. */
  public RestartCatalog.Entry entry() {
    return new RestartCatalog.Entry(name, noun, scope);
  }

  /** A restart of this kind on {@code host} of {@code id}, named and scoped as declared. */
  public RestartTarget target(String host, String id) {
    return new RestartTarget(name, host, id, scope, noun);
  }
}
