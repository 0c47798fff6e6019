package io.pagetune.app;

import io.pagetune.executor.HostLeaser;
import io.pagetune.state.HostLeases;
import io.pagetune.state.LeaseAttempt;
import io.pagetune.state.LeaseSession;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Host leases of one run in the state store: the run's session is opened with its first host and
 * closed (every host given back, heartbeat stopped) when the run finishes.
 */
final class StoreHostLeaser implements HostLeaser {
  private final HostLeases leases;
  private final String holder;
  private final Duration lockTimeout;
  private final Map<String, String> notices = new ConcurrentHashMap<>();
  private LeaseSession session;

  /**
   * @param holder user@node, what another run is told holds the host
   * @param lockTimeout how long to wait for a host another run holds (zero: fail it at once)
   */
  StoreHostLeaser(HostLeases leases, String holder, Duration lockTimeout) {
    this.leases = leases;
    this.holder = holder;
    this.lockTimeout = lockTimeout;
  }

  private synchronized LeaseSession session(String runId) {
    String owner = HostLeases.RUN_OWNER_PREFIX + runId;
    if (session == null || !session.owner().equals(owner)) {
      session = new LeaseSession(leases, owner, holder);
    }
    return session;
  }

  private synchronized Optional<LeaseSession> existing(String runId) {
    return session != null && session.owner().equals(HostLeases.RUN_OWNER_PREFIX + runId)
        ? Optional.of(session)
        : Optional.empty();
  }

  @Override
  public Optional<String> acquire(String runId, String host) {
    LeaseAttempt attempt = session(runId).acquire(host, lockTimeout);
    if (attempt instanceof LeaseAttempt.Refused refused) {
      String line = refused.holder().lockedLine();
      return Optional.of(
          lockTimeout.isZero() ? line : line + "; gave up after --lock-timeout " + seconds());
    }
    ((LeaseAttempt.Acquired) attempt)
        .tookOver()
        .ifPresent(
            dead ->
                notices.put(
                    host,
                    host
                        + ": took over the lease of "
                        + dead.owner()
                        + " ("
                        + dead.holder()
                        + "), silent since "
                        + dead.heartbeat().truncatedTo(ChronoUnit.SECONDS)
                        + "; it died and may have left changes unfinished"));
    return Optional.empty();
  }

  @Override
  public Optional<String> notice(String runId, String host) {
    return Optional.ofNullable(notices.remove(host));
  }

  private String seconds() {
    return lockTimeout.toSeconds() + "s";
  }

  @Override
  public Optional<String> lost(String runId, String host) {
    Optional<LeaseSession> s = existing(runId);
    if (s.isEmpty() || s.get().holds(host)) {
      return Optional.empty();
    }
    String by = leases.holder(host).map(l -> ": now " + l.lockedLine()).orElse("");
    return Optional.of(
        "lost the lease on "
            + host
            + " (its heartbeat stopped reaching the state store for "
            + leases.expiry().toSeconds()
            + "s)"
            + by);
  }

  @Override
  public void release(String runId, String host) {
    existing(runId).ifPresent(s -> s.release(host));
  }

  @Override
  public void runFinished(String runId) {
    Optional<LeaseSession> s = existing(runId);
    if (s.isPresent()) {
      s.get().close();
      synchronized (this) {
        session = null;
      }
    }
  }
}
