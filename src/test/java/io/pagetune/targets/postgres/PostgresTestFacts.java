package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The PostgreSQL slice's facts as other packages' tests need them: the slice keeps its types to
 * itself, so a test outside it gets parsed fixture facts here.
 */
public final class PostgresTestFacts {
  private PostgresTestFacts() {}

  /**
   * The gathered clusters (Debian's {@code pg_lsclusters} and the clusters systemd runs) and each
   * one's state, keyed by fact name.
   *
   * @param stateOf the state script's output of a cluster, from its id ({@code 16/main})
   */
  public static Map<String, Object> clusters(
      String lsclusters, String units, Function<String, String> stateOf) {
    Map<String, Object> facts = new LinkedHashMap<>();
    List<PgCluster> clusters = new ArrayList<>(PgLsClusters.parse(lsclusters));
    clusters.addAll(SystemdPgUnits.parse(units));
    facts.put(PostgresFacts.CLUSTERS.name(), clusters);
    for (PgCluster c : clusters) {
      PgClusterState parsed =
          PgClusterState.fact(c.dataDirectory(), "")
              .parse(CommandResult.of(0, stateOf.apply(c.id()), ""));
      facts.put(PgClusterState.fact(c.dataDirectory(), "").name(), parsed);
      facts.put(PgClusterState.fact(c.dataDirectory(), c.bindir()).name(), parsed);
    }
    return facts;
  }
}
