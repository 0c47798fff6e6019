package io.pagetune.state;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The leases of one owner (a run or a restart) while it lives: takes hosts (waiting for a busy one
 * up to a timeout), renews their heartbeat in the background, notices a lease lost to a takeover,
 * and gives everything back on {@link #close()}. Safe to use from several threads.
 */
public final class LeaseSession implements AutoCloseable {
  /** How often a waiting acquire asks again. */
  private static final Duration POLL = Duration.ofMillis(250);

  /**
   * Store connections one session uses at once: a run takes its hosts from up to --forks threads,
   * and PostgreSQL's max_connections (100 by default) is shared by every node.
   */
  private static final int STORE_CALLS = 4;

  private final HostLeases leases;
  private final String owner;
  private final String holder;
  private final Duration heartbeatEvery;
  private final Set<String> held = ConcurrentHashMap.newKeySet();
  private final Set<String> lost = ConcurrentHashMap.newKeySet();
  private final Semaphore storeCalls = new Semaphore(STORE_CALLS);
  private ScheduledExecutorService heartbeats;
  private boolean closed;

  /**
   * @param owner "run &lt;id&gt;" or "restart &lt;id&gt;": unique per holder of leases
   * @param holder user@node, for the message others see
   */
  public LeaseSession(HostLeases leases, String owner, String holder) {
    this(leases, owner, holder, leases.expiry().dividedBy(4));
  }

  LeaseSession(HostLeases leases, String owner, String holder, Duration heartbeatEvery) {
    this.leases = Objects.requireNonNull(leases);
    this.owner = Objects.requireNonNull(owner);
    this.holder = Objects.requireNonNull(holder);
    this.heartbeatEvery = Objects.requireNonNull(heartbeatEvery);
  }

  public String owner() {
    return owner;
  }

  /**
   * Takes {@code host}; while another live owner holds it, asks again until {@code wait} has passed
   * (zero: refuse at once). Waiting is measured on the monotonic timer: it is elapsed time, not a
   * moment in the day.
   */
  public LeaseAttempt acquire(String host, Duration wait) {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      LeaseAttempt attempt = ask(host);
      if (attempt instanceof LeaseAttempt.Acquired) {
        held(host);
        return attempt;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return attempt;
      }
      sleep(Math.min(left, POLL.toNanos()));
    }
  }

  private LeaseAttempt ask(String host) {
    try {
      storeCalls.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StateException("interrupted while taking the lease on " + host, e);
    }
    try {
      return leases.acquire(host, owner, holder);
    } finally {
      storeCalls.release();
    }
  }

  /**
   * Takes every one of {@code hosts} without waiting, or none: the first host another owner holds
   * is returned and the hosts taken so far are given back.
   */
  public Optional<HostLease> acquireAll(Collection<String> hosts) {
    List<String> taken = new ArrayList<>();
    for (String host : hosts) {
      LeaseAttempt attempt = leases.acquire(host, owner, holder);
      if (attempt instanceof LeaseAttempt.Refused refused) {
        leases.release(taken, owner);
        taken.forEach(held::remove);
        return Optional.of(refused.holder());
      }
      taken.add(host);
      held(host);
    }
    return Optional.empty();
  }

  /** False when this session took {@code host} but lost it (its lease expired and was taken). */
  public boolean holds(String host) {
    return held.contains(host) && !lost.contains(host);
  }

  /** Gives {@code host} back. */
  public void release(String host) {
    if (held.remove(host)) {
      leases.release(host, owner);
    }
  }

  /** Renews every lease now; hosts taken over meanwhile become lost. */
  void heartbeat() {
    Set<String> still = leases.heartbeat(owner);
    for (String host : held) {
      if (!still.contains(host)) {
        lost.add(host);
      }
    }
  }

  private synchronized void held(String host) {
    held.add(host);
    if (heartbeats == null && !closed) {
      heartbeats =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "lease-heartbeat " + owner);
                t.setDaemon(true);
                return t;
              });
      long every = heartbeatEvery.toMillis();
      heartbeats.scheduleWithFixedDelay(
          this::heartbeatQuietly, every, every, TimeUnit.MILLISECONDS);
    }
  }

  private void heartbeatQuietly() {
    try {
      heartbeat();
    } catch (RuntimeException e) {
      // the store is unreachable for now: the next beat tries again, and a lease that expires
      // meanwhile is noticed as lost then
    }
  }

  /** Stops the heartbeat and gives back every host. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      if (heartbeats != null) {
        heartbeats.shutdownNow();
        heartbeats = null;
      }
    }
    held.clear();
    leases.releaseAll(owner);
  }

  private static void sleep(long nanos) {
    try {
      TimeUnit.NANOSECONDS.sleep(nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StateException("interrupted while waiting for a host lease", e);
    }
  }
}
