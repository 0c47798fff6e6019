package io.pagetune.state;

import io.pagetune.pages.PageState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Each host's latest page facts in the state store: one replace per host when its facts were
 * gathered, so {@code status} can show them without asking the host.
 */
public final class HostFactsStore {

  private final StateStore store;

  public HostFactsStore(StateStore store) {
    this.store = store;
  }

  /** Replaces the host's stored facts with these, in one transaction. */
  public void save(HostFacts facts) {
    store.inTransaction(
        c -> {
          delete(c, facts.host());
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO host_facts (host, run_id, gathered_at) VALUES (?, ?, ?)")) {
            ps.setString(1, facts.host());
            ps.setString(2, facts.runId().orElse(null));
            ps.setLong(3, facts.gatheredAt().toEpochMilli());
            ps.executeUpdate();
          }
          try (PreparedStatement ps =
              c.prepareStatement(
                  "INSERT INTO host_page_states (host, position, target, desired, persisted,"
                      + " persisted_value, effective, effective_value, pending_restart, reasons)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int position = 0;
            for (PageState p : facts.pages()) {
              ps.setString(1, facts.host());
              ps.setInt(2, position++);
              ps.setString(3, p.target());
              ps.setString(4, p.desired());
              ps.setInt(5, p.persisted() ? 1 : 0);
              ps.setString(6, p.persistedValue());
              ps.setInt(7, p.effective() ? 1 : 0);
              ps.setString(8, p.effectiveValue());
              ps.setInt(9, p.pendingRestart() ? 1 : 0);
              ps.setString(10, encode(p.reasons()));
              ps.addBatch();
            }
            ps.executeBatch();
          }
          return null;
        });
  }

  /** The host's latest stored facts; empty when none were ever gathered. */
  public Optional<HostFacts> latest(String host) {
    return store.inTransaction(
        c -> {
          Optional<String> runId;
          Instant at;
          try (PreparedStatement ps =
              c.prepareStatement("SELECT run_id, gathered_at FROM host_facts WHERE host = ?")) {
            ps.setString(1, host);
            try (ResultSet rs = ps.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              runId = Optional.ofNullable(rs.getString(1));
              at = Instant.ofEpochMilli(rs.getLong(2));
            }
          }
          List<PageState> pages = new ArrayList<>();
          try (PreparedStatement ps =
              c.prepareStatement(
                  "SELECT target, desired, persisted, persisted_value, effective,"
                      + " effective_value, pending_restart, reasons FROM host_page_states"
                      + " WHERE host = ? ORDER BY position")) {
            ps.setString(1, host);
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                pages.add(
                    new PageState(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getInt(3) != 0,
                        rs.getString(4),
                        rs.getInt(5) != 0,
                        rs.getString(6),
                        rs.getInt(7) != 0,
                        decode(rs.getString(8))));
              }
            }
          }
          return Optional.of(new HostFacts(host, runId, at, pages));
        });
  }

  private static void delete(Connection c, String host) throws SQLException {
    for (String table : List.of("host_page_states", "host_facts")) {
      try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE host = ?")) {
        ps.setString(1, host);
        ps.executeUpdate();
      }
    }
  }

  /**
   * The reasons one per line, a backslash and a line break inside a reason escaped, so any words
   * come back as they were.
   */
  private static String encode(List<String> reasons) {
    List<String> lines = new ArrayList<>();
    for (String r : reasons) {
      lines.add(r.replace("\\", "\\\\").replace("\n", "\\n"));
    }
    return String.join("\n", lines);
  }

  private static List<String> decode(String text) {
    if (text.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < line.length(); i++) {
        char ch = line.charAt(i);
        if (ch == '\\' && i + 1 < line.length()) {
          char next = line.charAt(++i);
          sb.append(next == 'n' ? '\n' : next);
        } else {
          sb.append(ch);
        }
      }
      out.add(sb.toString());
    }
    return out;
  }
}
