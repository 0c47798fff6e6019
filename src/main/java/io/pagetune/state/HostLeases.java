package io.pagetune.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One run at a time per host, across every control node that shares the store. A lease is a row per
 * host; its holder renews the heartbeat while it lives, and a lease whose heartbeat is older than
 * {@code expiry} belongs to a dead process and is taken over by the next asker.
 *
 * <p>The clock should be the real one even when a command pretends another time ({@code --now}):
 * leases are about processes running now, on every node.
 */
public final class HostLeases {
  /** A holder that missed this long of heartbeats is dead. */
  public static final Duration DEFAULT_EXPIRY = Duration.ofSeconds(60);

  /** The owner string of a run's leases: {@code run <run id>}. */
  public static final String RUN_OWNER_PREFIX = "run ";

  private static final String COLUMNS = "host, owner, holder, acquired_at, heartbeat_at";

  /** Acquiring retries when another node changed the row between our read and our write. */
  private static final int MAX_RACES = 20;

  private final StateStore store;
  private final Clock clock;
  private final Duration expiry;

  public HostLeases(StateStore store, Clock clock, Duration expiry) {
    this.store = Objects.requireNonNull(store);
    this.clock = Objects.requireNonNull(clock);
    this.expiry = Objects.requireNonNull(expiry);
    if (expiry.isNegative() || expiry.isZero()) {
      throw new IllegalArgumentException("lease expiry must be positive: " + expiry);
    }
  }

  public HostLeases(StateStore store, Clock clock) {
    this(store, clock, DEFAULT_EXPIRY);
  }

  public Duration expiry() {
    return expiry;
  }

  /**
   * Takes {@code host} for {@code owner}, in one transaction: a free host, an expired lease, or one
   * the owner already holds is ours; a live lease of another owner refuses. Two askers at once
   * never both win: the write is conditional on the row they read.
   */
  public LeaseAttempt acquire(String host, String owner, String holder) {
    for (int race = 0; race < MAX_RACES; race++) {
      Optional<LeaseAttempt> attempt = store.inTransaction(c -> tryAcquire(c, host, owner, holder));
      if (attempt.isPresent()) {
        return attempt.get();
      }
    }
    throw new StateException(
        "state store " + store.describe() + ": the lease on " + host + " keeps changing hands");
  }

  /** Empty when another asker changed the row between our read and write: read again. */
  private Optional<LeaseAttempt> tryAcquire(Connection c, String host, String owner, String holder)
      throws SQLException {
    long now = clock.instant().toEpochMilli();
    Optional<HostLease> current = find(c, host, true);
    if (current.isEmpty()) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "INSERT INTO host_leases ("
                  + COLUMNS
                  + ") VALUES (?, ?, ?, ?, ?) ON CONFLICT (host) DO NOTHING")) {
        ps.setString(1, host);
        ps.setString(2, owner);
        ps.setString(3, holder);
        ps.setLong(4, now);
        ps.setLong(5, now);
        if (ps.executeUpdate() != 1) {
          return Optional.empty();
        }
      }
      HostLease lease = new HostLease(host, owner, holder, at(now), at(now));
      return Optional.of(new LeaseAttempt.Acquired(lease, Optional.empty()));
    }
    HostLease held = current.get();
    boolean ours = held.owner().equals(owner);
    if (!ours && !expired(held, now) && !ownerRunEnded(c, held)) {
      return Optional.of(new LeaseAttempt.Refused(held));
    }
    long since = ours ? held.since().toEpochMilli() : now;
    try (PreparedStatement ps =
        c.prepareStatement(
            "UPDATE host_leases SET owner = ?, holder = ?, acquired_at = ?, heartbeat_at = ?"
                + " WHERE host = ? AND owner = ? AND heartbeat_at = ?")) {
      ps.setString(1, owner);
      ps.setString(2, holder);
      ps.setLong(3, since);
      ps.setLong(4, now);
      ps.setString(5, host);
      ps.setString(6, held.owner());
      ps.setLong(7, held.heartbeat().toEpochMilli());
      if (ps.executeUpdate() != 1) {
        return Optional.empty();
      }
    }
    HostLease lease = new HostLease(host, owner, holder, at(since), at(now));
    return Optional.of(new LeaseAttempt.Acquired(lease, ours ? Optional.empty() : current));
  }

  /**
   * A run killed without a chance to release its leases is marked interrupted by the next run (its
   * process is gone): its leases need not wait out the heartbeat expiry.
   */
  private static boolean ownerRunEnded(Connection c, HostLease lease) throws SQLException {
    if (!lease.owner().startsWith(RUN_OWNER_PREFIX)) {
      return false;
    }
    try (PreparedStatement ps =
        c.prepareStatement("SELECT finished_at FROM runs WHERE run_id = ?")) {
      ps.setString(1, lease.owner().substring(RUN_OWNER_PREFIX.length()));
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return false;
        }
        rs.getLong(1);
        return !rs.wasNull();
      }
    }
  }

  private boolean expired(HostLease lease, long now) {
    return lease.heartbeat().toEpochMilli() + expiry.toMillis() < now;
  }

  /**
   * Renews the heartbeat of every lease {@code owner} holds.
   *
   * @return the hosts it still holds (a host missing here was taken over after its lease expired)
   */
  public Set<String> heartbeat(String owner) {
    long now = clock.instant().toEpochMilli();
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("UPDATE host_leases SET heartbeat_at = ? WHERE owner = ?")) {
            ps.setLong(1, now);
            ps.setString(2, owner);
            ps.executeUpdate();
          }
          Set<String> held = new LinkedHashSet<>();
          try (PreparedStatement ps =
              c.prepareStatement("SELECT host FROM host_leases WHERE owner = ? ORDER BY host")) {
            ps.setString(1, owner);
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                held.add(rs.getString(1));
              }
            }
          }
          return held;
        });
  }

  /**
   * Gives {@code host} back, if {@code owner} still holds it.
   *
   * @return false when it did not (never taken, or taken over)
   */
  public boolean release(String host, String owner) {
    return store.inTransaction(
            c -> {
              try (PreparedStatement ps =
                  c.prepareStatement("DELETE FROM host_leases WHERE host = ? AND owner = ?")) {
                ps.setString(1, host);
                ps.setString(2, owner);
                return ps.executeUpdate();
              }
            })
        == 1;
  }

  /** Gives back every host {@code owner} holds; returns how many. */
  public int releaseAll(String owner) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("DELETE FROM host_leases WHERE owner = ?")) {
            ps.setString(1, owner);
            return ps.executeUpdate();
          }
        });
  }

  /** Releases several hosts of one owner in one transaction. */
  public void release(Collection<String> hosts, String owner) {
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("DELETE FROM host_leases WHERE host = ? AND owner = ?")) {
            for (String host : hosts) {
              ps.setString(1, host);
              ps.setString(2, owner);
              ps.executeUpdate();
            }
          }
          return null;
        });
  }

  /** Who holds {@code host}, expired or not. */
  public Optional<HostLease> holder(String host) {
    return store.inTransaction(c -> find(c, host, false));
  }

  /** Every lease, by host. */
  public List<HostLease> list() {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement("SELECT " + COLUMNS + " FROM host_leases ORDER BY host")) {
            List<HostLease> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(read(rs));
              }
            }
            return out;
          }
        });
  }

  /** Whether a lease is past its expiry now: its holder is presumed dead. */
  public boolean expired(HostLease lease) {
    return expired(lease, clock.instant().toEpochMilli());
  }

  private Optional<HostLease> find(Connection c, String host, boolean forUpdate)
      throws SQLException {
    // PostgreSQL: lock the row we read so a concurrent taker waits for our decision; SQLite
    // serialises writers already (every transaction takes the write lock at BEGIN).
    String lock = forUpdate && store.dialect() == Dialect.POSTGRESQL ? " FOR UPDATE" : "";
    try (PreparedStatement ps =
        c.prepareStatement("SELECT " + COLUMNS + " FROM host_leases WHERE host = ?" + lock)) {
      ps.setString(1, host);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(read(rs)) : Optional.empty();
      }
    }
  }

  private static HostLease read(ResultSet rs) throws SQLException {
    return new HostLease(
        rs.getString("host"),
        rs.getString("owner"),
        rs.getString("holder"),
        at(rs.getLong("acquired_at")),
        at(rs.getLong("heartbeat_at")));
  }

  private static Instant at(long millis) {
    return Instant.ofEpochMilli(millis);
  }
}
