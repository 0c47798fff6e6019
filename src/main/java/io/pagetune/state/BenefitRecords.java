package io.pagetune.state;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The benefit probes of restarts, kept in the state store beside the change journal. */
public final class BenefitRecords {
  private final StateStore store;

  public BenefitRecords(StateStore store) {
    this.store = store;
  }

  public void record(BenefitRecord r) {
    store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO benefit_measurements (host, kind, target_id, measured_at,"
                      + " before_median_s, before_runs, after_median_s, after_runs, problem)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setString(1, r.host());
            ps.setString(2, r.kind());
            ps.setString(3, r.targetId());
            ps.setLong(4, r.measuredAt().toEpochMilli());
            setMedian(ps, 5, r.beforeMedian());
            ps.setInt(6, r.beforeRuns());
            setMedian(ps, 7, r.afterMedian());
            ps.setInt(8, r.afterRuns());
            ps.setString(9, r.problem());
            return ps.executeUpdate();
          }
        });
  }

  /** The host's measurements, newest first. */
  public List<BenefitRecord> forHost(String host) {
    return store.inTransaction(
        c -> {
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT host, kind, target_id, measured_at, before_median_s, before_runs,"
                      + " after_median_s, after_runs, problem FROM benefit_measurements"
                      + " WHERE host = ? ORDER BY measured_at DESC, id DESC")) {
            ps.setString(1, host);
            List<BenefitRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                out.add(
                    new BenefitRecord(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        Instant.ofEpochMilli(rs.getLong(4)),
                        median(rs, 5),
                        rs.getInt(6),
                        median(rs, 7),
                        rs.getInt(8),
                        rs.getString(9)));
              }
            }
            return out;
          }
        });
  }

  /** The latest measurement of one restart (kind and target) at or after {@code since}. */
  public Optional<BenefitRecord> ofRestart(
      String host, String kind, String targetId, Instant since) {
    return forHost(host).stream()
        .filter(r -> r.kind().equals(kind) && java.util.Objects.equals(r.targetId(), targetId))
        .filter(r -> !r.measuredAt().isBefore(since))
        .findFirst();
  }

  /** The host's latest measurement. */
  public Optional<BenefitRecord> latest(String host) {
    return forHost(host).stream().findFirst();
  }

  private static void setMedian(PreparedStatement ps, int i, Optional<Double> median)
      throws SQLException {
    if (median.isPresent()) {
      ps.setDouble(i, median.get());
    } else {
      ps.setNull(i, Types.DOUBLE);
    }
  }

  private static Optional<Double> median(ResultSet rs, int i) throws SQLException {
    double v = rs.getDouble(i);
    return rs.wasNull() ? Optional.empty() : Optional.of(v);
  }
}
