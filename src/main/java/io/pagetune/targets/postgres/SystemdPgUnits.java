package io.pagetune.targets.postgres;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the PostgreSQL clusters systemd runs where there is no {@code pg_lsclusters} (RHEL
 * AppStream's {@code postgresql.service}, PGDG's {@code postgresql-15.service}): per unit, a {@code
 * --unit <name>} line, then {@code systemctl show -p Id -p ActiveState -p Environment -p ExecStart
 * -p User} output and a {@code PG_VERSION=} line the fact script reads from the data directory,
 * then the port: a running postmaster's ({@code PG_PID_PORT=}, its postmaster.pid), else the one
 * the server reads from the cluster's configuration files ({@code PG_CONF_PORT=}, {@code postgres
 * -C port}: includes and {@code postgresql.auto.conf} as it processes them), below {@code
 * ExecStart}'s {@code -p}/{@code -c port=}; the unit only says how the cluster is started.
 *
 * <p>The data directory is the {@code -D} of {@code ExecStart}'s argv when it is a path, else the
 * last {@code PGDATA=} of {@code Environment} (the packaged units pass {@code -D ${PGDATA}}); the
 * binaries are where {@code ExecStart}'s program is. A unit with neither, or without a {@code
 * PG_VERSION} (no data directory yet: {@code postgresql-setup --initdb} not run), is left out.
 */
final class SystemdPgUnits {
  static final String UNIT_MARK = "--unit ";

  private static final Pattern ARGV = Pattern.compile("argv\\[\\]=([^;]*)");
  private static final Pattern PATH = Pattern.compile("\\{ path=([^ ;]+)");

  private SystemdPgUnits() {}

  public static List<PgCluster> parse(String output) {
    List<PgCluster> out = new ArrayList<>();
    String unit = null;
    Map<String, String> props = new LinkedHashMap<>();
    for (String line : (output + "\n" + UNIT_MARK).split("\n", -1)) {
      if (line.startsWith(UNIT_MARK)) {
        if (unit != null) {
          cluster(unit, props).ifPresent(out::add);
        }
        unit = line.substring(UNIT_MARK.length()).strip();
        props = new LinkedHashMap<>();
        continue;
      }
      int eq = line.indexOf('=');
      if (unit != null && eq > 0) {
        props.putIfAbsent(line.substring(0, eq), line.substring(eq + 1).strip());
      }
    }
    return List.copyOf(out);
  }

  private static Optional<PgCluster> cluster(String unit, Map<String, String> props) {
    Map<String, String> env = environment(props.getOrDefault("Environment", ""));
    String exec = props.getOrDefault("ExecStart", "");
    List<String> argv = argv(exec);
    String dataDir = stripSlash(option(argv, "-D").map(d -> expand(d, env)).orElse(""));
    if (!dataDir.startsWith("/")) {
      dataDir = stripSlash(env.getOrDefault("PGDATA", ""));
    }
    String version = props.getOrDefault("PG_VERSION", "");
    if (!dataDir.startsWith("/") || !version.matches("\\d+(\\.\\d+)?")) {
      return Optional.empty();
    }
    List<String> expanded = argv.stream().map(w -> expand(w, env)).toList();
    Optional<Integer> port = port(props.getOrDefault("PG_PID_PORT", ""));
    if (port.isEmpty()) {
      // the last of the command line's -p, -c port= or --port= wins over the configuration files
      // (as the server read them), which win over the unit's PGPORT
      port =
          PgCommandLine.settings(expanded, "").stream()
              .filter(s -> s.name().equals("port"))
              .reduce((a, b) -> b)
              .flatMap(s -> port(s.value()))
              .or(() -> port(props.getOrDefault("PG_CONF_PORT", "")))
              .or(() -> port(env.getOrDefault("PGPORT", "")));
    }
    Matcher path = PATH.matcher(exec);
    String bindir = "";
    if (path.find() && path.group(1).lastIndexOf('/') > 0) {
      bindir = path.group(1).substring(0, path.group(1).lastIndexOf('/'));
    }
    String active = props.getOrDefault("ActiveState", "");
    String user = props.getOrDefault("User", "");
    return Optional.of(
        new PgCluster(
            version,
            unit,
            port.orElse(5432),
            active.equals("active") ? "online" : "down",
            user.isEmpty() ? "postgres" : user,
            dataDir,
            "",
            unit,
            bindir,
            expanded));
  }

  private static Optional<Integer> port(String p) {
    return p.strip().matches("\\d{1,5}")
        ? Optional.of(Integer.parseInt(p.strip()))
        : Optional.empty();
  }

  /** {@code Environment=A=1 B=2}: systemd joins the assignments with spaces. */
  private static Map<String, String> environment(String value) {
    Map<String, String> env = new LinkedHashMap<>();
    for (String word : value.split("\\s+")) {
      int eq = word.indexOf('=');
      if (eq > 0) {
        env.put(word.substring(0, eq), word.substring(eq + 1));
      }
    }
    return env;
  }

  /** The argv of the first command in {@code ExecStart={ path=... ; argv[]=... ; ... }}. */
  private static List<String> argv(String exec) {
    Matcher m = ARGV.matcher(exec);
    return m.find() ? List.of(m.group(1).strip().split("\\s+")) : List.of();
  }

  private static Optional<String> option(List<String> argv, String flag) {
    for (int i = 1; i < argv.size(); i++) {
      if (argv.get(i).equals(flag) && i + 1 < argv.size()) {
        return Optional.of(argv.get(i + 1));
      }
      if (argv.get(i).startsWith(flag) && argv.get(i).length() > flag.length()) {
        return Optional.of(argv.get(i).substring(flag.length()));
      }
    }
    return Optional.empty();
  }

  /** {@code ${PGDATA}} or {@code $PGDATA} as systemd expands it from the unit's environment. */
  private static String expand(String word, Map<String, String> env) {
    Matcher m = Pattern.compile("^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?$").matcher(word);
    return m.matches() ? env.getOrDefault(m.group(1), "") : word;
  }

  private static String stripSlash(String p) {
    return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
  }
}
