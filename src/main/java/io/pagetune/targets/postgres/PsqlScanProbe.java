package io.pagetune.targets.postgres;

import io.pagetune.connection.ShellQuote;
import io.pagetune.targets.DefaultProbe;
import java.util.Map;
import java.util.Optional;

/**
 * PostgreSQL's built-in benefit probe: a fresh {@code psql} connection (a new backend attaching the
 * shared memory) that counts the rows of a table the warmup has loaded into shared buffers, so the
 * time is mostly spent reading shared memory, which huge pages speed up. The host's {@code
 * benefit_probe} may name the {@code database} (default {@code postgres}), the {@code table} (a
 * name as SQL reads it, {@code schema.table}; default the database's largest table, or a bare
 * connection when it has none) and the {@code user} (role; default the data directory's owner). It
 * runs as the data directory's owner on the cluster's own socket and port from {@code
 * postmaster.pid}.
 */
final class PsqlScanProbe {
  private static final String LARGEST_TABLE =
      "select c.oid::regclass as t from pg_class c"
          + " join pg_namespace n on n.oid = c.relnamespace"
          + " where c.relkind in ('r', 'm') and n.nspname <> 'information_schema'"
          + " and n.nspname not like 'pg\\_%'"
          + " order by pg_relation_size(c.oid) desc limit 1";

  private PsqlScanProbe() {}

  static DefaultProbe of(String dataDir, String bindir, Map<String, Object> probeArgs) {
    String database = String.valueOf(probeArgs.getOrDefault("database", "postgres"));
    Optional<String> table = text(probeArgs, "table");
    Optional<String> user = text(probeArgs, "user");
    StringBuilder psql =
        new StringBuilder(
                "p=\"$b/psql\"; [ -x \"$p\" ] || p=psql\n"
                    + "\"$p\" -X -q -A -t -v ON_ERROR_STOP=1"
                    + " -h \"$(sed -n 5p \"$d/postmaster.pid\")\""
                    + " -p \"$(sed -n 4p \"$d/postmaster.pid\")\" -d ")
            .append(ShellQuote.quote(database));
    user.ifPresent(u -> psql.append(" -U ").append(ShellQuote.quote(u)));
    // the table travels as a psql variable and is resolved by regclass: never spliced into SQL
    table.ifPresent(t -> psql.append(" -v t=").append(ShellQuote.quote(t)));
    String select =
        table.isPresent()
            ? "select format('select count(*) from %s', :'t'::regclass)"
            : "select format('select count(*) from %s', t) from (" + LARGEST_TABLE + ") x";
    psql.append(" <<'SQL'\n").append(select).append(" \\gexec\nSQL\n");
    String command = PostgresClusterDriver.asOwner(dataDir, bindir, psql.toString());
    return new DefaultProbe(command, Optional.of(command));
  }

  private static Optional<String> text(Map<String, Object> args, String key) {
    return Optional.ofNullable(args.get(key)).map(String::valueOf).filter(s -> !s.isBlank());
  }
}
