package io.pagetune.targets.postgres;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's PostgreSQL clusters, in its page facts: what {@code pg_lsclusters} lists
 * (Debian/Ubuntu), else what systemd runs as {@code postgresql*.service} (RHEL AppStream, PGDG), in
 * one round trip.
 */
final class PostgresFacts implements PageFactSection {
  /**
   * Without pg_lsclusters: every loaded or installed {@code postgresql*.service} but templates
   * ({@code postgresql@.service} has no data directory of its own), its {@code systemctl show}
   * properties and the {@code PG_VERSION} of the data directory its {@code -D} or {@code PGDATA}
   * names (the same rule {@link SystemdPgUnits} applies).
   */
  static final String SCRIPT =
      "if command -v pg_lsclusters >/dev/null 2>&1; then pg_lsclusters\n"
          + "elif command -v systemctl >/dev/null 2>&1; then\n"
          + "  for u in $( { systemctl list-units --all --plain --no-legend --type=service"
          + " 'postgresql*.service'; systemctl list-unit-files --no-legend --type=service"
          + " 'postgresql*.service'; } 2>/dev/null | awk '$1 ~ /[.]service$/ {print $1}' | sort -u);"
          + " do\n"
          + "    case $u in *@.service) continue ;; esac\n"
          + "    s=$(systemctl show -p Id -p ActiveState -p Environment -p ExecStart -p User \"$u\""
          + " 2>/dev/null) || continue\n"
          + "    echo '"
          + SystemdPgUnits.UNIT_MARK
          + "'\"$u\"; printf '%s\\n' \"$s\"\n"
          + "    d=$(printf '%s\\n' \"$s\" | sed -n 's/^Environment=//p' | tr ' ' '\\n' | sed -n"
          + " 's/^PGDATA=//p' | tail -n 1)\n"
          + "    x=$(printf '%s\\n' \"$s\" | sed -n 's/^ExecStart=.*argv\\[\\]=[^;]* -D *\\([^ ;]*\\).*/\\1/p'"
          + " | head -n 1)\n"
          + "    case $x in /*) d=$x ;; esac\n"
          + "    if [ -n \"$d\" ] && [ -r \"$d/PG_VERSION\" ]; then echo \"PG_VERSION=$(cat"
          + " \"$d/PG_VERSION\")\"; fi\n"
          // a running postmaster listens where its postmaster.pid says (line 4), whatever the unit
          + "    l=\n"
          + "    if [ -n \"$d\" ] && [ -r \"$d/postmaster.pid\" ]; then p=$(sed -n 1p"
          + " \"$d/postmaster.pid\"); [ -z \"$p\" ] || [ ! -d \"/proc/$p\" ] || l=$(sed -n 4p"
          + " \"$d/postmaster.pid\"); [ -z \"$l\" ] || echo \"PG_PID_PORT=$l\"; fi\n"
          // a stopped one will listen where its own configuration says: the server reads it
          // (includes, auto.conf, the unit's PGPORT below them), as the unit's user
          + "    b=$(printf '%s\\n' \"$s\" | sed -n 's/^ExecStart={ path=\\([^ ;]*\\).*/\\1/p')\n"
          + "    if [ -n \"$d\" ] && [ -z \"$l\" ] && [ -x \"${b%/*}/postgres\" ]; then\n"
          + "      o=$(printf '%s\\n' \"$s\" | sed -n 's/^User=//p'); [ -n \"$o\" ] || o=postgres\n"
          + "      e=$(printf '%s\\n' \"$s\" | sed -n 's/^Environment=//p' | tr ' ' '\\n' | sed -n"
          + " 's/^PGPORT=//p' | tail -n 1)\n"
          + "      set -- env PGPORT=\"${e:-5432}\" \"${b%/*}/postgres\" -D \"$d\" -C port\n"
          + "      if [ \"$(id -u)\" = 0 ]; then c=$(cd / && runuser -u \"$o\" -- \"$@\" 2>/dev/null);"
          + " else c=$(cd / && \"$@\" 2>/dev/null); fi\n"
          + "      [ -z \"$c\" ] || echo \"PG_CONF_PORT=$c\"\n"
          + "    fi\n"
          + "  done\n"
          + "fi";

  public static final Fact<List<PgCluster>> CLUSTERS =
      new ScriptFact<>(
          "pages_pg_lsclusters",
          PageFacts.only("Linux", SCRIPT),
          r ->
              r.stdout().contains(SystemdPgUnits.UNIT_MARK)
                  ? SystemdPgUnits.parse(r.stdout())
                  : PgLsClusters.parse(r.stdout()));

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
      if (!c.unit().isEmpty()) {
        m.put("unit", c.unit());
        m.put("version", c.version());
      }
      out.put(c.id(), m);
    }
    pages.put("postgres_clusters", out);
  }
}
