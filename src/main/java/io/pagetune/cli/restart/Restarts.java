package io.pagetune.cli.restart;

import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.executor.RunServices;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.modules.RestartTarget;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.WindowCalendars;
import io.pagetune.schedule.drivers.Drivers;
import io.pagetune.schedule.drivers.OracleDriver;
import io.pagetune.schedule.drivers.RebootDriver;
import io.pagetune.schedule.drivers.RestartDriver;
import io.pagetune.schedule.drivers.SapControlDriver;
import io.pagetune.schedule.drivers.SapControlSoapDriver;
import io.pagetune.schedule.drivers.ServiceDriver;
import io.pagetune.schedule.drivers.SoapCredentials;
import io.pagetune.schedule.drivers.WebServerDriver;
import io.pagetune.schedule.queue.HandledRestart;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.schedule.queue.RestartScheduler;
import io.pagetune.schedule.queue.SchedulerOptions;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.schedule.servicenow.ServiceNowCredentials;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.state.HostLeases;
import io.pagetune.state.StateStore;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything about restarts for one command: the state store, the queue, the window gate, the
 * drivers and verification, and the restart sink and journal a run writes to.
 */
public final class Restarts {
  /** ServiceNow instance for change-request windows, e.g. https://example.service-now.com. */
  public static final String SERVICENOW_ENV = "PAGETUNE_SNOW_INSTANCE";

  /** sapstartsrv credentials for hosts with {@code sap_control: soap} (never logged). */
  public static final String SAPCONTROL_USER_ENV = "PAGETUNE_SAPCONTROL_USER";

  public static final String SAPCONTROL_PASSWORD_ENV = "PAGETUNE_SAPCONTROL_PASSWORD";

  /** "true": talk to sapstartsrv over https (port 5NN14). */
  public static final String SAPCONTROL_HTTPS_ENV = "PAGETUNE_SAPCONTROL_HTTPS";

  private final StateStore store;
  private final Inventory inventory;
  private final Connections connections;
  private final Clock clock;
  private final WindowLookup windows;
  private final RestartQueue queue;
  private final Map<String, String> env;
  private final HostLeases leases;
  private final String leaseHolder;

  public Restarts(
      StateStore store,
      Inventory inventory,
      WindowsFile windowsFile,
      Connections connections,
      Clock clock,
      Map<String, String> env) {
    this(
        store,
        inventory,
        windowsFile,
        connections,
        clock,
        env,
        new HostLeases(store, Clock.systemUTC()),
        nodeName("pagetune"));
  }

  /**
   * @param leases the hosts' leases a restart takes while it runs (on the real clock)
   * @param leaseHolder user@node, what a run that finds a host busy is told
   */
  public Restarts(
      StateStore store,
      Inventory inventory,
      WindowsFile windowsFile,
      Connections connections,
      Clock clock,
      Map<String, String> env,
      HostLeases leases,
      String leaseHolder) {
    this.leases = leases;
    this.leaseHolder = leaseHolder;
    this.store = store;
    this.inventory = inventory;
    this.connections = connections;
    this.clock = clock;
    this.windows = new WindowLookup(windowsFile, new WindowCalendars(() -> serviceNow(env)));
    this.queue = new RestartQueue(store);
    this.env = Map.copyOf(env);
  }

  /** sapstartsrv's SOAP service (http://host:5NN13), as the inventory's ansible_host. */
  private RestartDriver sapSoapDriver(Map<String, String> env) {
    String user = env.get(SAPCONTROL_USER_ENV);
    String password = env.get(SAPCONTROL_PASSWORD_ENV);
    if (user == null || password == null) {
      throw new IllegalStateException(
          "sap_control: soap needs " + SAPCONTROL_USER_ENV + " and " + SAPCONTROL_PASSWORD_ENV);
    }
    java.util.function.Function<RestartTarget, URI> byAddress =
        t -> {
          Object address =
              inventory
                  .host(t.host())
                  .map(h -> h.vars().resolve().getOrDefault("ansible_host", t.host()))
                  .orElse(t.host());
          boolean https = "true".equals(String.valueOf(env.get(SAPCONTROL_HTTPS_ENV)));
          return SapControlSoapDriver.defaultEndpoint(https)
              .apply(new RestartTarget(t.kind(), String.valueOf(address), t.id()));
        };
    return new SapControlSoapDriver(
        SapControlSoapDriver.Options.defaults(),
        new SoapCredentials(user, password),
        byAddress,
        clock,
        Sleeper.REAL);
  }

  private static ServiceNowClient serviceNow(Map<String, String> env) {
    String instance = env.get(SERVICENOW_ENV);
    if (instance == null || instance.isBlank()) {
      throw new IllegalStateException(
          "a ServiceNow change window needs " + SERVICENOW_ENV + " (the instance URL)");
    }
    URI uri;
    try {
      uri = URI.create(instance);
    } catch (IllegalArgumentException e) {
      throw new io.pagetune.error.InputException(
          io.pagetune.yaml.SourceLocation.of(SERVICENOW_ENV),
          // not echoed: a malformed URL may hold a password the mask cannot find
          "not a valid URL (e.g. https://acme.service-now.com)");
    }
    return new ServiceNowClient(
        uri,
        ServiceNowCredentials.resolve(env, Optional.empty()),
        ServiceNowClient.Options.defaults(),
        Sleeper.REAL);
  }

  public RestartQueue queue() {
    return queue;
  }

  public StateStore store() {
    return store;
  }

  /** What a run writes: restart intents and its change journal. */
  public RunServices runServices(String user) {
    return new RunServices(
        new QueueRestartSink(queue, windows, clock, () -> () -> runDue("pagetune-run")),
        new JournalRecorder(store.journal(), clock, user));
  }

  /** The restart daemon (or a one-shot run-due) on this node. */
  public RestartScheduler scheduler(String node, Duration polling) {
    Drivers drivers =
        Drivers.standard(
            new SapControlDriver(
                new SapControlDriver.Options(Map.of(), Duration.ofSeconds(2), 600),
                clock,
                Sleeper.REAL),
            new OracleDriver(OracleDriver.Options.defaults(false), clock, Sleeper.REAL),
            new WebServerDriver(WebServerDriver.Options.defaults(), clock, Sleeper.REAL),
            new ServiceDriver(ServiceDriver.Options.defaults(), clock, Sleeper.REAL),
            new RebootDriver(
                RebootDriver.Options.defaults(), this::reconnect, clock, Sleeper.REAL));
    return new RestartScheduler(
        store,
        new InventoryWindowGate(inventory, windows),
        new DriverRestartRunner(
            inventory,
            connections,
            drivers,
            () -> sapSoapDriver(env),
            windows,
            store.journal(),
            clock),
        SchedulerOptions.defaults(node).withPollingInterval(polling),
        leases,
        leaseHolder);
  }

  private io.pagetune.connection.Connection reconnect(String host) {
    Host h =
        inventory
            .host(host)
            .orElseThrow(() -> new IllegalStateException(host + " is not in the inventory"));
    return connections.open(ConnectionSpec.fromVars(host, h.vars().resolve()));
  }

  /** Runs every due restart once (cron style) and says what happened. */
  public List<HandledRestart> runDue(String node) {
    return scheduler(node, Duration.ofMillis(200)).runDue();
  }

  /** A node name for db-scheduler: host and process, at most 40 characters. */
  public static String nodeName(String prefix) {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.net.UnknownHostException e) {
      host = "localhost";
    }
    String name = prefix + "-" + host + "-" + ProcessHandle.current().pid();
    return name.length() <= 40 ? name : name.substring(0, 40);
  }
}
