package io.pagetune.targets.sap;

import io.pagetune.connection.Connection;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.DriverContext;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.vars.EngineVariables;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * A SAP system restart as the host asks for it: sapcontrol's command line, or sapstartsrv's SOAP
 * service for hosts with {@code pagetune_sap_control: soap}; always against one instance (the
 * host's {@code pagetune_sap_instance_number}, default 00) when the target names only the SID.
 */
final class SapSystemRestart implements RestartDriver {
  /** sapstartsrv credentials for hosts with {@code pagetune_sap_control: soap} (never logged). */
  static final String USER_ENV = "PAGETUNE_SAPCONTROL_USER";

  static final String PASSWORD_ENV = "PAGETUNE_SAPCONTROL_PASSWORD";

  /** "true": talk to sapstartsrv over https (port 5NN14). */
  static final String HTTPS_ENV = "PAGETUNE_SAPCONTROL_HTTPS";

  private final DriverContext context;
  private final SapControlDriver commandLine;

  SapSystemRestart(DriverContext context) {
    this.context = context;
    this.commandLine =
        new SapControlDriver(
            new SapControlDriver.Options(Map.of(), Duration.ofSeconds(2), 600),
            context.clock(),
            context.sleeper());
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    return restart(target, context.hostVars().apply(target.host()), connection, timeout);
  }

  @Override
  public RestartOutcome restart(
      RestartTarget target, Map<String, Object> vars, Connection connection, Duration timeout) {
    RestartTarget instance = target;
    if (!target.id().contains("/")) {
      // sapcontrol talks to an instance: the host's instance number (default 00)
      String nr = String.valueOf(vars.getOrDefault(EngineVariables.SAP_INSTANCE_NUMBER, "00"));
      instance = target.withId(target.id() + "/" + nr);
    }
    if ("soap".equals(String.valueOf(vars.get(EngineVariables.SAP_CONTROL)))) {
      return soap().restart(instance, connection, timeout);
    }
    return commandLine.restart(instance, connection, timeout);
  }

  /** sapstartsrv's SOAP service (http://host:5NN13), at the inventory's ansible_host. */
  private RestartDriver soap() {
    String user = context.env().get(USER_ENV);
    String password = context.env().get(PASSWORD_ENV);
    if (user == null || password == null) {
      throw new IllegalStateException(
          EngineVariables.SAP_CONTROL + ": soap needs " + USER_ENV + " and " + PASSWORD_ENV);
    }
    boolean https = "true".equals(String.valueOf(context.env().get(HTTPS_ENV)));
    Function<RestartTarget, URI> byAddress =
        t -> {
          Object address =
              context.hostVars().apply(t.host()).getOrDefault("ansible_host", t.host());
          return SapControlSoapDriver.defaultEndpoint(https)
              .apply(new RestartTarget(t.kind(), String.valueOf(address), t.id(), t.scope()));
        };
    return new SapControlSoapDriver(
        SapControlSoapDriver.Options.defaults(),
        new SoapCredentials(user, password),
        byAddress,
        context.clock(),
        context.sleeper());
  }
}
