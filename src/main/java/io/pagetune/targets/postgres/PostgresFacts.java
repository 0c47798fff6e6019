package io.pagetune.targets.postgres;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The clusters {@code pg_lsclusters} lists (Debian/Ubuntu), in the host's page facts. */
public final class PostgresFacts implements PageFactSection {
  public static final Fact<List<PgCluster>> CLUSTERS =
      new ScriptFact<>(
          "pages_pg_lsclusters",
          PageFacts.only(
              "Linux", "if command -v pg_lsclusters >/dev/null 2>&1; then pg_lsclusters; fi"),
          r -> PgLsClusters.parse(r.stdout()));

  @Override
  public List<Fact<?>> facts() {
    return List.of(CLUSTERS);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void summarize(Map<String, Object> gathered, Map<String, Object> pages) {
    List<PgCluster> clusters = (List<PgCluster>) gathered.getOrDefault(CLUSTERS.name(), List.of());
    if (clusters.isEmpty()) {
      return;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (PgCluster c : clusters) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("port", c.port());
      m.put("status", c.status());
      m.put("owner", c.owner());
      m.put("data_directory", c.dataDirectory());
      out.put(c.id(), m);
    }
    pages.put("postgres_clusters", out);
  }
}
