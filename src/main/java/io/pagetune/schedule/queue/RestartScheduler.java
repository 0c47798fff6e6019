package io.pagetune.schedule.queue;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerName;
import com.github.kagkarlsson.scheduler.task.Task;
import io.pagetune.state.Dialect;
import io.pagetune.state.HostLeases;
import io.pagetune.state.RunOwner;
import io.pagetune.state.StateException;
import io.pagetune.state.StateStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Runs queued restarts with db-scheduler: as a daemon ({@link #start()}, several nodes may share
 * one PostgreSQL) or once from cron ({@link #runDue()}). Each restart runs exactly once: db-
 * scheduler picks an execution on one node, and the intent row's conditional claim refuses any
 * second run.
 */
public final class RestartScheduler implements AutoCloseable {
  private static final Duration DRAIN_CHECK = Duration.ofMillis(100);

  private final StateStore store;
  private final RestartQueue queue;
  private final IntentPostponements postponements;
  private final RestartExecutions executions;
  private final SchedulerOptions options;
  private final Clock clock;
  private final RestartTaskHandler handler;
  private final List<HandledRestart> handled = new CopyOnWriteArrayList<>();
  private Scheduler daemon;

  /** Host leases on the store's clock, held in the node's name. */
  public RestartScheduler(
      StateStore store, WindowGate gate, RestartRunner runner, SchedulerOptions options) {
    this(store, gate, runner, options, new HostLeases(store, store.clock()), options.nodeName());
  }

  /**
   * Host leases on the store's clock, held in the node's name; intents read with the queue's kinds.
   */
  public RestartScheduler(
      RestartQueue queue, WindowGate gate, RestartRunner runner, SchedulerOptions options) {
    this(
        queue,
        gate,
        runner,
        options,
        new HostLeases(queue.store(), queue.store().clock()),
        options.nodeName());
  }

  /**
   * @param leases where a restart takes its hosts' leases (a run holding one makes it wait)
   * @param holder user@node, what a run that finds a host busy is told
   */
  public RestartScheduler(
      StateStore store,
      WindowGate gate,
      RestartRunner runner,
      SchedulerOptions options,
      HostLeases leases,
      String holder) {
    this(new RestartQueue(store), gate, runner, options, leases, holder);
  }

  /**
   * @param queue the queue, with the restart kinds its stored intents are built with
   */
  public RestartScheduler(
      RestartQueue queue,
      WindowGate gate,
      RestartRunner runner,
      SchedulerOptions options,
      HostLeases leases,
      String holder) {
    StateStore store = queue.store();
    this.store = store;
    this.queue = queue;
    this.postponements = new IntentPostponements(store);
    this.executions = new RestartExecutions(store);
    this.options = options;
    this.clock = store.clock();
    this.handler =
        new RestartTaskHandler(queue, gate, runner, clock, options.retryDelay(), leases, holder);
  }

  public RestartQueue queue() {
    return queue;
  }

  /** Starts polling for due restarts and for dead nodes until {@link #stop()}. */
  public synchronized void start() {
    if (daemon != null) {
      throw new IllegalStateException("scheduler " + options.nodeName() + " already started");
    }
    // The daemon polls again after the retry delay; no one is waiting to be told.
    daemon = build(options.nodeName(), handled::add, (waiter, awaited) -> {});
    daemon.start();
  }

  /** Looks for due restarts now instead of at the next poll (e.g. right after enqueue). */
  public synchronized void checkNow() {
    if (daemon != null) {
      daemon.triggerCheckForDueExecutions();
    }
  }

  /** What the daemon handled so far, in order. */
  public List<HandledRestart> handled() {
    return List.copyOf(handled);
  }

  /**
   * Runs the restarts due now, once, and returns when none is left that this call could run (those
   * running on other nodes are theirs). A restart that waited for another restart on its host runs
   * as soon as that one is recorded, so one host's due restarts run one after the other in queue
   * order (the window checked again before each). Restarts keep their heartbeats while they run, so
   * a cron run that dies is revived like a daemon.
   */
  public List<HandledRestart> runDue() {
    String node = RunOwner.current().node();
    String name = SchedulerProcess.current(node).name(UUID.randomUUID().toString().substring(0, 8));
    reviveGoneFrom(node);
    List<HandledRestart> report = new CopyOnWriteArrayList<>();
    Map<String, String> waiting = new ConcurrentHashMap<>();
    Set<String> resumed = new HashSet<>();
    Scheduler scheduler = build(name, report::add, waiting::put);
    scheduler.start();
    try {
      Instant horizon = clock.instant();
      do {
        drain(scheduler, name, horizon);
        horizon = clock.instant();
      } while (resumeWaiters(waiting, resumed, horizon) > 0);
    } finally {
      scheduler.stop();
    }
    return List.copyOf(report);
  }

  /** Runs what is due by {@code horizon} until nothing this scheduler could pick is left. */
  private void drain(Scheduler scheduler, String name, Instant horizon) {
    long waiting = 0;
    long lastCount = -1;
    long count;
    do {
      scheduler.triggerCheckForDueExecutions();
      sleep(DRAIN_CHECK);
      count = executions.workFor(name, horizon);
      boolean executing = !scheduler.getCurrentlyExecuting().isEmpty();
      waiting = executing || count != lastCount ? 0 : waiting + DRAIN_CHECK.toMillis();
      lastCount = count;
      if (waiting > stallLimit().toMillis()) {
        throw new StateException(
            count + " due restart(s) in " + store.describe() + " could not be picked");
      }
    } while (count > 0 || !scheduler.getCurrentlyExecuting().isEmpty());
  }

  /**
   * Makes due at {@code now} the restarts that waited for a restart since recorded, each once per
   * restart it waited for (so a host another process keeps locked cannot keep this call going).
   *
   * @return how many are due again
   */
  private int resumeWaiters(Map<String, String> waiting, Set<String> resumed, Instant now) {
    int due = 0;
    for (Map.Entry<String, String> wait : Map.copyOf(waiting).entrySet()) {
      String waiter = wait.getKey();
      String awaited = wait.getValue();
      boolean recorded = queue.find(awaited).map(i -> i.status().isFinal()).orElse(true);
      if (!recorded || !resumed.add(waiter + " after " + awaited)) {
        continue;
      }
      waiting.remove(waiter, awaited);
      if (postponements.dueAgain(waiter, now, "due again: the restart it waited for is recorded")) {
        due++;
      }
    }
    return due;
  }

  /**
   * Restarts picked by a {@code run-due} whose process is gone from this node are due again at
   * once, instead of after its heartbeats go stale: their intents are revived (only if that process
   * still holds them), their hosts freed, and their executions unpicked and made due now, so this
   * call runs them when their window allows (the window is checked again before each).
   */
  private void reviveGoneFrom(String node) {
    for (RestartExecutions.Picked p : executions.picked()) {
      Optional<SchedulerProcess> process = SchedulerProcess.parse(p.pickedBy());
      if (process.isEmpty() || !process.get().goneFrom(node)) {
        continue;
      }
      IntentClaims.Revival revival =
          handler.reviveGone(
              p.id(), RestartTaskHandler.tokenOf(p.pickedBy(), p.version()), p.pickedBy());
      executions.releasePick(p, revival == IntentClaims.Revival.REQUEUED, clock.instant());
    }
  }

  /** Stops the daemon, waiting up to shutdownMaxWait for running restarts. */
  public synchronized void stop() {
    if (daemon != null) {
      daemon.stop();
      daemon = null;
    }
  }

  @Override
  public void close() {
    stop();
  }

  private Scheduler build(
      String name, Consumer<HandledRestart> sink, BiConsumer<String, String> waits) {
    Task<Void> task = handler.task(sink, waits);
    SchedulerBuilder builder =
        Scheduler.create(store.dataSource(), List.<Task<?>>of(task))
            .schedulerName(new SchedulerName.Fixed(name))
            .clock(clock::instant)
            .pollingInterval(options.pollingInterval())
            .heartbeatInterval(options.heartbeatInterval())
            .missedHeartbeatsLimit(options.missedHeartbeats())
            .threads(options.threads())
            .shutdownMaxWait(options.shutdownMaxWait());
    if (store.dialect() == Dialect.POSTGRESQL) {
      // SELECT … FOR UPDATE SKIP LOCKED: nodes never contend for the same execution.
      builder.pollUsingLockAndFetch(0.5, 1.0);
    } else {
      builder.jdbcCustomization(new SqliteJdbcCustomization());
    }
    return builder.build();
  }

  /** How long run-due waits for due executions that nothing picks before it gives up. */
  private Duration stallLimit() {
    Duration twenty = options.pollingInterval().multipliedBy(20);
    return twenty.compareTo(Duration.ofSeconds(30)) > 0 ? twenty : Duration.ofSeconds(30);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running due restarts", e);
    }
  }
}
