package io.pagetune.targets.sap;

import io.pagetune.connection.Connection;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.RestartOutcome;
import io.pagetune.schedule.drivers.RestartSession;
import io.pagetune.schedule.drivers.StepFailed;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Restarts a SAP system through sapstartsrv's SOAP service ({@code http(s)://host:5NN13(4)/
 * SAPControl.cgi}): RestartService, StopSystem ALL, all instances GRAY, StartSystem ALL, all
 * instances GREEN. The service has no wait methods (sapcontrol's Waitfor* are client loops), so end
 * states are polled with GetSystemInstanceList. The connection is not used: the driver talks HTTP
 * to the host directly.
 */
final class SapControlSoapDriver implements RestartDriver {
  private static final String ALL = "SAPControl-ALL-INSTANCES";

  /** Timeouts and polling; sapstartsrv's own timeouts are in seconds. */
  record Options(
      Duration connectTimeout,
      Duration requestTimeout,
      Duration pollInterval,
      int softTimeoutSeconds,
      int waitTimeoutSeconds) {
    public static Options defaults() {
      return new Options(
          Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(10), 480, 180);
    }
  }

  private final Options options;
  private final SoapCredentials credentials;
  private final Function<RestartTarget, URI> endpoint;
  private final Clock clock;
  private final Sleeper sleeper;

  public SapControlSoapDriver(
      Options options,
      SoapCredentials credentials,
      Function<RestartTarget, URI> endpoint,
      Clock clock,
      Sleeper sleeper) {
    this.options = options;
    this.credentials = credentials;
    this.endpoint = endpoint;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /** {@code http://<target host>:5NN13/SAPControl.cgi}, or the HTTPS port 5NN14. */
  public static Function<RestartTarget, URI> defaultEndpoint(boolean https) {
    return t -> {
      SapSystemRef sap = SapSystemRef.parse(t.id());
      int port = sap.httpPort() + (https ? 1 : 0);
      return URI.create(
          (https ? "https" : "http") + "://" + t.host() + ":" + port + "/SAPControl.cgi");
    };
  }

  @Override
  public RestartOutcome restart(RestartTarget target, Connection connection, Duration timeout) {
    SapSystemRef sap = SapSystemRef.parse(target.id());
    RestartSession s = new RestartSession(connection, clock, sleeper, timeout);
    SapControlSoapClient soap =
        new SapControlSoapClient(
            endpoint.apply(target),
            credentials,
            options.connectTimeout(),
            options.requestTimeout());
    try {
      call(s, soap, "RestartService", Map.of());
      s.pollUntil(
          "sapstartsrv answers",
          options.pollInterval(),
          () -> {
            try {
              soap.call("GetProcessList", Map.of());
              return Optional.empty();
            } catch (SapControlSoapException e) {
              if (!e.transientFailure()) {
                throw new StepFailed(e.getMessage());
              }
              return Optional.of(e.getMessage());
            }
          });
      Map<String, String> stop = new LinkedHashMap<>();
      stop.put("options", ALL);
      stop.put("prioritylevel", "");
      stop.put("softtimeout", Integer.toString(options.softTimeoutSeconds()));
      stop.put("waittimeout", Integer.toString(options.waitTimeoutSeconds()));
      call(s, soap, "StopSystem", stop);
      awaitAll(s, soap, StateColor.GRAY);
      Map<String, String> start = new LinkedHashMap<>();
      start.put("options", ALL);
      start.put("prioritylevel", "");
      start.put("waittimeout", Integer.toString(options.waitTimeoutSeconds()));
      start.put("runlevel", "");
      call(s, soap, "StartSystem", start);
      awaitAll(s, soap, StateColor.GREEN);
      return RestartOutcome.ok(
          "SAP system " + sap.sid() + " restarted; all instances GREEN", s.steps());
    } catch (StepFailed e) {
      return RestartOutcome.failed(
          "SAP system " + sap.sid() + " restart failed: " + e.getMessage(), s.steps());
    }
  }

  private static void call(
      RestartSession s, SapControlSoapClient soap, String method, Map<String, String> fields) {
    try {
      soap.call(method, fields);
      s.log(method + ": ok");
    } catch (SapControlSoapException e) {
      s.log(method + ": " + e.getMessage());
      throw new StepFailed(e.getMessage());
    }
  }

  private void awaitAll(RestartSession s, SapControlSoapClient soap, StateColor want) {
    s.pollUntil(
        "all instances " + want,
        options.pollInterval(),
        () -> {
          List<Map<String, String>> items;
          try {
            Map<String, String> args = Map.of("timeout", "0");
            items =
                SapControlSoapClient.items(soap.call("GetSystemInstanceList", args), "instance");
          } catch (SapControlSoapException e) {
            if (!e.transientFailure()) {
              throw new StepFailed(e.getMessage());
            }
            return Optional.of(e.getMessage());
          }
          if (items.isEmpty()) {
            return Optional.of("GetSystemInstanceList listed no instances");
          }
          List<String> behind = new ArrayList<>();
          for (Map<String, String> i : items) {
            StateColor c = StateColor.of(i.getOrDefault("dispstatus", ""));
            if (c != want) {
              behind.add(
                  i.getOrDefault("hostname", "?")
                      + "/"
                      + i.getOrDefault("instanceNr", "?")
                      + " "
                      + c);
            }
          }
          return behind.isEmpty()
              ? Optional.empty()
              : Optional.of("not yet " + want + ": " + String.join(", ", behind));
        });
  }
}
