package io.pagetune.executor.host;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.Connections;
import io.pagetune.facts.FactCache;
import io.pagetune.inventory.Host;
import io.pagetune.modules.HostPrediction;
import io.pagetune.report.HostCounts;
import io.pagetune.report.Status;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The state of one host during a run: its one connection, fact cache, set_facts and registered
 * results (they live across plays, as in Ansible), notified handlers and recap counts. A host's
 * tasks run one at a time, so this needs no locking beyond the counters read by the summary.
 */
public final class HostRun {
  private final Host host;
  private final Connections connections;
  private final FactCache factCache = new FactCache();
  private final HostPrediction prediction = new HostPrediction();
  private final HostPrediction localPrediction = new HostPrediction();
  private final Map<String, Object> gatheredFacts = new LinkedHashMap<>();
  private final Map<String, Object> setFacts = new LinkedHashMap<>();
  private final Map<String, Object> includedVars = new LinkedHashMap<>();
  private final Set<String> notified = new LinkedHashSet<>();
  private Connection connection;
  private Connection localConnection;
  private final FactCache localFactCache = new FactCache();
  private final java.util.Deque<Map<String, Object>> includeParams = new java.util.ArrayDeque<>();
  private boolean failed;
  private boolean unreachable;
  private boolean ended;
  private volatile boolean leased;
  private int rescuableDepth;
  private HostCounts counts = HostCounts.ZERO;

  public HostRun(Host host, Connections connections) {
    this.host = host;
    this.connections = connections;
  }

  public Host host() {
    return host;
  }

  public String name() {
    return host.name();
  }

  /** Opens the connection on first use; it is reused by every later task and play. */
  public Connection connection(Map<String, Object> vars) {
    if (connection == null) {
      connection = connections.open(ConnectionSpec.fromVars(host.name(), vars));
    }
    return connection;
  }

  public FactCache factCache() {
    return factCache;
  }

  /**
   * The connection of this host's tasks that are delegated to localhost: the control node over the
   * local connection, opened on first use.
   */
  public Connection localConnection(Map<String, Object> vars) {
    if (localConnection == null) {
      localConnection = connections.open(ConnectionSpec.fromVars("localhost", vars));
    }
    return localConnection;
  }

  /** What delegated tasks read on the control node: never mixed with this host's facts. */
  public FactCache localFactCache() {
    return localFactCache;
  }

  /** What check mode predicts of the control node's files for this host's delegated tasks. */
  public HostPrediction localPrediction() {
    return localPrediction;
  }

  /** What check mode predicts this host's files look like after the tasks planned so far. */
  public HostPrediction prediction() {
    return prediction;
  }

  public Map<String, Object> gatheredFacts() {
    return gatheredFacts;
  }

  public Map<String, Object> setFacts() {
    return setFacts;
  }

  /**
   * What this host's {@code include_vars} tasks read (they live across plays, as in Ansible): text
   * the user wrote, kept apart from set_fact values, which win over them.
   */
  public Map<String, Object> includedVars() {
    return includedVars;
  }

  public Set<String> notified() {
    return notified;
  }

  /** Still running the play: not failed, not unreachable, and the play not ended for it. */
  public boolean active() {
    return !failed && !unreachable && !ended;
  }

  /**
   * {@code meta: end_host} or {@code end_play} reached this host: it runs nothing more of this play
   * (no task, handler, rescue or always) and is neither failed nor counted.
   */
  public void endPlay() {
    ended = true;
  }

  /** A new play: one that {@code end_host} or {@code end_play} ended does not end the next. */
  public void startPlay() {
    ended = false;
  }

  /**
   * The parameters of the {@code include_tasks} this host is running the tasks of, outermost first,
   * an inner include's winning: its {@code vars} and its loop variables for one item.
   */
  public Map<String, Object> includeParams() {
    Map<String, Object> all = new LinkedHashMap<>();
    includeParams.descendingIterator().forEachRemaining(all::putAll);
    return all;
  }

  /** Enters an include's tasks with {@code params}; {@link #leaveInclude} when they are done. */
  public void enterInclude(Map<String, Object> params) {
    includeParams.push(java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params)));
  }

  public void leaveInclude() {
    includeParams.pop();
  }

  public boolean failed() {
    return failed;
  }

  public void failed(boolean f) {
    failed = f;
  }

  public boolean unreachable() {
    return unreachable;
  }

  public void markUnreachable() {
    unreachable = true;
  }

  /** True while this run holds the host's lease (taken before the host is first contacted). */
  public boolean leased() {
    return leased;
  }

  public void leased(boolean l) {
    leased = l;
  }

  /** Inside a block with a rescue section a failure is not counted until we know it is rescued. */
  public boolean rescuable() {
    return rescuableDepth > 0;
  }

  public void enterRescuable() {
    rescuableDepth++;
  }

  public void leaveRescuable() {
    rescuableDepth--;
  }

  public synchronized void count(Status status, boolean ignored, int pendingRestarts) {
    HostCounts add =
        switch (status) {
          case OK -> new HostCounts(1, 0, 0, 0, 0, 0, 0, 0);
          case CHANGED -> new HostCounts(1, 1, 0, 0, 0, 0, 0, 0);
          case SKIPPED -> new HostCounts(0, 0, 0, 0, 1, 0, 0, 0);
          case UNREACHABLE -> new HostCounts(0, 0, 1, 0, 0, 0, 0, 0);
          case FAILED ->
              ignored
                  ? new HostCounts(1, 0, 0, 0, 0, 0, 1, 0)
                  : new HostCounts(0, 0, 0, 1, 0, 0, 0, 0);
        };
    counts = counts.plus(add).plus(new HostCounts(0, 0, 0, 0, 0, 0, 0, pendingRestarts));
  }

  /**
   * A failure {@code ignore_errors} let pass: ansible-playbook counts it as ok and ignored, and as
   * changed when the failed result says it changed (a failed command does).
   */
  public synchronized void countIgnoredFailure(boolean changed, int pendingRestarts) {
    count(Status.FAILED, true, pendingRestarts);
    if (changed) {
      counts = counts.plus(new HostCounts(0, 1, 0, 0, 0, 0, 0, 0));
    }
  }

  /** Restarts a task requested although its failure is left to a rescue to count. */
  public synchronized void countPendingRestarts(int pendingRestarts) {
    counts = counts.plus(new HostCounts(0, 0, 0, 0, 0, 0, 0, pendingRestarts));
  }

  public synchronized void countRescued() {
    counts = counts.plus(new HostCounts(0, 0, 0, 0, 0, 1, 0, 0));
  }

  public synchronized HostCounts counts() {
    return counts;
  }

  public void close() {
    close(connection);
    connection = null;
    close(localConnection);
    localConnection = null;
  }

  private static void close(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (RuntimeException ignored) {
        // closing a broken connection must not hide the run's result
      }
    }
  }
}
