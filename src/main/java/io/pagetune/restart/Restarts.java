package io.pagetune.restart;

import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.modules.pages.PageVerifyModule;
import io.pagetune.report.RestartRan;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.drivers.DriverContext;
import io.pagetune.schedule.drivers.Drivers;
import io.pagetune.schedule.queue.HandledRestart;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.schedule.queue.RestartScheduler;
import io.pagetune.schedule.queue.SchedulerOptions;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.schedule.servicenow.ServiceNowCredentials;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.state.BenefitRecord;
import io.pagetune.state.BenefitRecords;
import io.pagetune.state.HostLeases;
import io.pagetune.state.StateStore;
import io.pagetune.targets.Target;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Everything about restarts for one command: the state store, the queue, the window gate, the
 * drivers and verification, and the restart sink and journal a run writes to.
 */
public final class Restarts {
  /** ServiceNow instance for change-request windows, e.g. https://example.service-now.com. */
  public static final String SERVICENOW_ENV = "PAGETUNE_SNOW_INSTANCE";

  private final StateStore store;
  private final Inventory inventory;
  private final Connections connections;
  private final Clock clock;
  private final WindowLookup windows;
  private final RestartQueue queue;
  private final Drivers drivers;
  private final PageVerifyModule verify;
  private final BenefitProbes probes;
  private final HostLeases leases;
  private final String leaseHolder;

  public Restarts(
      StateStore store,
      Inventory inventory,
      WindowsFile windowsFile,
      Connections connections,
      Clock clock,
      Map<String, String> env,
      List<Target> targets) {
    this(
        store,
        inventory,
        windowsFile,
        connections,
        clock,
        env,
        targets,
        new HostLeases(store, Clock.systemUTC()),
        nodeName("pagetune"));
  }

  /**
   * @param targets the page-size targets whose restart kinds this command knows
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
      List<Target> targets,
      HostLeases leases,
      String leaseHolder) {
    this.leases = leases;
    this.leaseHolder = leaseHolder;
    this.store = store;
    this.inventory = inventory;
    this.connections = connections;
    this.clock = clock;
    this.windows = new WindowLookup(windowsFile, new WindowCalendars(() -> serviceNow(env)));
    this.queue = new RestartQueue(store, RestartKinds.catalog(targets));
    this.probes = new BenefitProbes(targets);
    this.verify = new PageVerifyModule(targets.stream().map(Target::pageVerifier).toList());
    this.drivers =
        RestartKinds.drivers(
            targets,
            new DriverContext(
                clock,
                Sleeper.REAL,
                env,
                host -> hostVars(inventory, host),
                host -> reconnect(inventory, connections, host)));
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
          io.pagetune.error.SourceLocation.of(SERVICENOW_ENV),
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

  /** The hosts' change windows, as the restart queue decides and tells them. */
  public WindowLookup windows() {
    return windows;
  }

  /** The restart daemon (or a one-shot run-due) on this node. */
  public RestartScheduler scheduler(String node, Duration polling) {
    return new RestartScheduler(
        queue,
        new InventoryWindowGate(inventory, windows),
        new DriverRestartRunner(
            inventory,
            connections,
            drivers,
            windows,
            store.journal(),
            clock,
            verify,
            probes,
            new io.pagetune.state.BenefitRecords(store)),
        SchedulerOptions.defaults(node).withPollingInterval(polling),
        leases,
        leaseHolder);
  }

  /** The restart kinds every target registered, by the name users write. */
  public Drivers drivers() {
    return drivers;
  }

  private static Map<String, Object> hostVars(Inventory inventory, String host) {
    return inventory.host(host).map(h -> h.vars().resolve()).orElse(Map.of());
  }

  private static io.pagetune.connection.Connection reconnect(
      Inventory inventory, Connections connections, String host) {
    Host h =
        inventory
            .host(host)
            .orElseThrow(() -> new IllegalStateException(host + " is not in the inventory"));
    return connections.open(ConnectionSpec.fromVars(host, h.vars().resolve()));
  }

  /** What a handled restart did, with the medians of its benefit probe when it measured one. */
  public RestartRan ran(HandledRestart handled) {
    Optional<RestartIntent> intent = queue.find(handled.intentId());
    Optional<BenefitRecord> benefit =
        intent.flatMap(
            i ->
                new BenefitRecords(store)
                    .ofRestart(
                        i.target().host(),
                        i.target().kind(),
                        i.target().id(),
                        i.startedAt().orElse(Instant.EPOCH)));
    return new RestartRan(
        handled.intentId(),
        handled.status().name().toLowerCase(Locale.ROOT),
        intent.map(i -> i.target().describe()).orElse(""),
        intent.map(i -> i.target().kind()).orElse(""),
        intent.map(i -> i.target().host()).orElse(""),
        intent.map(RestartIntent::hosts).orElse(List.of()),
        handled.detail(),
        benefit.map(BenefitJson::of).orElse(Map.of()));
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
