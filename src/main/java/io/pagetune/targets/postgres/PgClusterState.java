package io.pagetune.targets.postgres;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What one cluster's data directory tells, in one round trip: owner, major version, the
 * shared-memory settings (from the running server through {@code pg_settings}, else from {@code
 * postgres -C} against the stopped data directory, both in {@code pg_settings.setting} units), the
 * postmaster's main shared mapping from its smaps, and the host's huge-page counters.
 *
 * @param problem why nothing could be read (no such data directory), else empty
 * @param settings {@code huge_pages}, {@code shared_buffers} (8 kB blocks), {@code
 *     shared_memory_size_in_huge_pages}, ... as pg_settings reports them
 * @param settingsFrom {@code running server} or {@code postgres -C}
 * @param meminfo {@code MemTotal}, {@code Hugepagesize} (kB) and {@code HugePages_*} counts
 */
record PgClusterState(
    Optional<String> problem,
    String owner,
    String version,
    OptionalLong postmasterPid,
    Map<String, String> settings,
    String settingsFrom,
    Optional<SmapsMapping> mainSharedMemory,
    Map<String, Long> meminfo) {
  public PgClusterState {
    settings = Map.copyOf(settings);
    meminfo = Map.copyOf(meminfo);
  }

  /** The settings read: every one that bears on the size of the main shared memory. */
  static final List<String> SETTINGS =
      List.of(
          "huge_pages",
          "huge_page_size",
          "shared_memory_size_in_huge_pages",
          "shared_memory_size",
          "shared_buffers",
          "wal_buffers",
          "max_connections",
          "max_locks_per_transaction",
          "max_prepared_transactions",
          "max_worker_processes",
          "autovacuum_max_workers",
          "max_wal_senders");

  public boolean running() {
    return postmasterPid.isPresent();
  }

  public Optional<String> setting(String name) {
    return Optional.ofNullable(settings.get(name)).filter(s -> !s.isEmpty());
  }

  public OptionalLong meminfo(String key) {
    Long v = meminfo.get(key);
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }

  /** The fact for the cluster in {@code dataDirectory}, run with the binaries in {@code bindir}. */
  public static Fact<PgClusterState> fact(String dataDirectory, String bindir) {
    String names = String.join(" ", SETTINGS);
    String inList = "'" + String.join("','", SETTINGS) + "'";
    String script =
        "d="
            + ShellQuote.quote(dataDirectory)
            + "; b="
            + ShellQuote.quote(bindir)
            + "\n"
            + "if [ ! -f \"$d/PG_VERSION\" ]; then echo \"problem=no PostgreSQL data directory at"
            + " $d (PG_VERSION missing)\"; exit 0; fi\n"
            + "v=$(cat \"$d/PG_VERSION\")\n"
            // Debian's layout, else the PGDG RPM one, else RHEL AppStream's
            + "[ -n \"$b\" ] || b=/usr/lib/postgresql/$v/bin\n"
            + "[ -x \"$b/postgres\" ] || [ ! -x /usr/pgsql-$v/bin/postgres ] || b=/usr/pgsql-$v/bin\n"
            + "[ -x \"$b/postgres\" ] || [ ! -x /usr/bin/postgres ] || b=/usr/bin\n"
            + "u=$(stat -c %U \"$d\")\n"
            // Debian keeps the configuration in /etc/postgresql/<version>/<name>
            + "cf=''; [ -f \"$d/postgresql.conf\" ] || [ ! -f"
            + " \"/etc/postgresql/$v/${d##*/}/postgresql.conf\" ] ||"
            + " cf=\"config_file=/etc/postgresql/$v/${d##*/}/postgresql.conf\"\n"
            + "echo \"owner=$u\"\n"
            + "echo \"version=$v\"\n"
            + "grep -E '^(MemTotal|HugePages_Total|HugePages_Free|HugePages_Rsvd|Hugepagesize):'"
            + " /proc/meminfo | sed 's/^/meminfo./; s/: */=/; s/ kB$//'\n"
            // postgres refuses to run as root: run its tools as the data directory's owner
            + "as_owner() { if [ \"$(id -u)\" = 0 ] && [ \"$u\" != root ]; then runuser -u \"$u\""
            + " -- \"$@\"; else \"$@\"; fi; }\n"
            + "pid=''\n"
            + "if [ -r \"$d/postmaster.pid\" ]; then pid=$(sed -n 1p \"$d/postmaster.pid\");"
            + " port=$(sed -n 4p \"$d/postmaster.pid\"); sock=$(sed -n 5p \"$d/postmaster.pid\");"
            + " fi\n"
            // kill -0 fails for another user's live postmaster (EPERM): its /proc entry tells
            + "if [ -n \"$pid\" ] && { kill -0 \"$pid\" 2>/dev/null || [ -d \"/proc/$pid\" ]; };"
            + " then\n"
            + "  echo \"pid=$pid\"; echo 'settings_from=running server'\n"
            + "  (cd / && as_owner \"$b/psql\" -X -At -F= -h \"$sock\" -p \"$port\" -d postgres"
            + " -c \"select 'setting.' || name, setting from pg_settings where name in ("
            + inList
            + ")\") 2>&1\n"
            + "  echo '--smaps--'; cat \"/proc/$pid/smaps\" 2>/dev/null\n"
            + "else\n"
            + "  echo 'settings_from=postgres -C'\n"
            // the runtime-computed ones need the server stopped, which it is here
            + "  for s in "
            + names
            + "; do x=$(cd / && as_owner \"$b/postgres\" -D \"$d\" ${cf:+-c \"$cf\"} -C \"$s\" 2>/dev/null) &&"
            + " echo \"setting.$s=$x\"; done\n"
            + "fi\n";
    return new ScriptFact<>("postgres_cluster_" + dataDirectory, script, PgClusterState::parse);
  }

  static PgClusterState parse(CommandResult r) {
    String out = r.stdout();
    int cut = out.indexOf("--smaps--\n");
    String head = cut < 0 ? out : out.substring(0, cut);
    Optional<SmapsMapping> shm =
        cut < 0
            ? Optional.empty()
            : SmapsMapping.mainSharedMemory(out.substring(cut + "--smaps--\n".length()));
    Map<String, String> kv = new LinkedHashMap<>();
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, Long> meminfo = new LinkedHashMap<>();
    for (String line : head.split("\n")) {
      int eq = line.indexOf('=');
      if (eq <= 0) {
        continue;
      }
      String k = line.substring(0, eq);
      String v = line.substring(eq + 1).strip();
      if (k.startsWith("setting.")) {
        settings.put(k.substring("setting.".length()), v);
      } else if (k.startsWith("meminfo.")) {
        if (v.matches("\\d{1,18}")) {
          meminfo.put(k.substring("meminfo.".length()), Long.parseLong(v));
        }
      } else {
        kv.put(k, v);
      }
    }
    if (kv.containsKey("problem")) {
      return new PgClusterState(
          Optional.of(kv.get("problem")),
          "",
          "",
          OptionalLong.empty(),
          Map.of(),
          "",
          Optional.empty(),
          meminfo);
    }
    if (!kv.containsKey("owner")) {
      return new PgClusterState(
          Optional.of(
              "cannot read the cluster (exit "
                  + r.exitCode()
                  + (r.stderr().isBlank()
                      ? ""
                      : ": " + r.stderr().strip().lines().findFirst().orElse(""))
                  + ")"),
          "",
          "",
          OptionalLong.empty(),
          Map.of(),
          "",
          Optional.empty(),
          meminfo);
    }
    String pid = kv.getOrDefault("pid", "");
    return new PgClusterState(
        Optional.empty(),
        kv.get("owner"),
        kv.getOrDefault("version", ""),
        pid.matches("\\d{1,9}") ? OptionalLong.of(Long.parseLong(pid)) : OptionalLong.empty(),
        settings,
        kv.getOrDefault("settings_from", ""),
        shm,
        meminfo);
  }
}
