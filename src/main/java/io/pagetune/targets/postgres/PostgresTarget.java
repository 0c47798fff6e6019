package io.pagetune.targets.postgres;

import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.modules.Module;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageFactSection;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.DefaultProbe;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL on Linux: the cluster's main shared memory in the host's huge-page pool, effective
 * once the cluster restarted and its postmaster maps it in huge pages.
 */
public final class PostgresTarget implements Target {
  private static final Pattern DEBIAN_CLUSTER = Pattern.compile("(\\d+(?:\\.\\d+)?)/(.+)");

  @Override
  public String name() {
    return "postgres";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new PostgresHugepagesModule());
  }

  @Override
  public List<Module> modules(Clock clock, HugePageConsumers pool) {
    return List.of(new PostgresHugepagesModule(pool));
  }

  @Override
  public List<HugePageConsumerSource> hugePageConsumers() {
    return List.of(new PostgresConsumerSource());
  }

  @Override
  public PageFactSection pageFacts() {
    return new PostgresFacts();
  }

  @Override
  public PageVerifier pageVerifier() {
    return new PostgresPageVerifier();
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(
        new RestartKind(
            PostgresHugepagesModule.RESTART_KIND,
            Duration.ofMinutes(5),
            c -> new PostgresClusterDriver(c.clock(), c.sleeper(), Duration.ofSeconds(1)),
            PostgresTarget::verifyArgs));
  }

  /** A cluster restart times a fresh psql connection scanning a cached table as its probe. */
  @Override
  public Optional<DefaultProbe> defaultBenefitProbe(
      RestartTarget target, Map<String, Object> probeArgs, Map<String, Object> hostVars) {
    if (!PostgresHugepagesModule.RESTART_KIND.equals(target.kind())) {
      return Optional.empty();
    }
    return verifyArgs(target, hostVars)
        .map(
            a ->
                PsqlScanProbe.of(
                    String.valueOf(a.get("postgres_data_dir")),
                    String.valueOf(a.getOrDefault("postgres_bindir", "")),
                    probeArgs));
  }

  /**
   * The data directory to check: the target's own (a declared cluster or one systemd runs), {@code
   * pg_data_dir}, else Debian's {@code /var/lib/postgresql/<version>/<name>}.
   */
  static Optional<Map<String, Object>> verifyArgs(RestartTarget target, Map<String, Object> vars) {
    String id = target.id() == null ? "" : target.id();
    Map<String, Object> args = new LinkedHashMap<>();
    Matcher m = DEBIAN_CLUSTER.matcher(id);
    Optional<String> unitDataDir = PostgresClusterDriver.systemdDataDir(id);
    if (id.startsWith("/")) {
      args.put("postgres_data_dir", id);
    } else if (unitDataDir.isPresent()) {
      args.put("postgres_data_dir", unitDataDir.get());
    } else if (vars.get("pg_data_dir") != null) {
      args.put("postgres_data_dir", String.valueOf(vars.get("pg_data_dir")));
    } else if (m.matches()) {
      args.put("postgres_data_dir", "/var/lib/postgresql/" + m.group(1) + "/" + m.group(2));
    } else {
      return Optional.empty();
    }
    if (vars.get("pg_bindir") != null) {
      args.put("postgres_bindir", String.valueOf(vars.get("pg_bindir")));
    }
    return Optional.of(args);
  }
}
