package io.pagetune.targets.oracle;

import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.linux.HugePageConsumers;
import io.pagetune.modules.Module;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import io.pagetune.schedule.RestartTarget.Scope;
import io.pagetune.schedule.drivers.RestartCheck;
import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.DefaultProbe;
import io.pagetune.targets.FactCells;
import io.pagetune.targets.Target;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Oracle Database on Linux: HugePages sized to the SGAs, effective once the pool is allocated and
 * the instance restarted (or the host rebooted).
 */
public final class OracleTarget implements Target {
  /** The restart kind: one restart per host and instance. */
  public static final String DB_INSTANCE = "db_instance";

  /** One restart per host and instance, read as a database instance. */
  static final RestartKind INSTANCE_RESTART =
      new RestartKind(
          DB_INSTANCE,
          "database instance",
          Scope.INSTANCE,
          Duration.ofMinutes(15),
          c -> new OracleDriver(OracleDriver.Options.defaults(false), c.clock(), c.sleeper()),
          OracleTarget::verifyArgs);

  @Override
  public String name() {
    return "oracle";
  }

  @Override
  public List<Module> modules(Clock clock) {
    return List.of(new OracleHugepagesModule());
  }

  @Override
  public List<Module> modules(Clock clock, HugePageConsumers pool) {
    return List.of(new OracleHugepagesModule(pool));
  }

  @Override
  public List<HugePageConsumerSource> hugePageConsumers() {
    return List.of(new OracleConsumerSource());
  }

  @Override
  public PageVerifier pageVerifier() {
    return new HugePagesVerifier();
  }

  @Override
  public PageFactSection pageFacts() {
    return new OracleFacts();
  }

  @Override
  public List<RestartKind> restartKinds() {
    return List.of(INSTANCE_RESTART);
  }

  /**
   * The HugePages pool as the kernel shows it: effective when a pool is allocated and in use. How
   * many pages are wanted and what persists them depend on the playbook's SGAs and the sysctl.d
   * precedence, which {@code oracle_hugepages} computes; the facts alone do not tell.
   */
  @Override
  @SuppressWarnings("unchecked")
  public List<PageState> factStates(Map<String, Object> pages) {
    Map<String, Object> hp = (Map<String, Object>) pages.get("hugepages");
    if (hp == null || !hp.containsKey("total")) {
      return List.of();
    }
    long total = ((Number) hp.get("total")).longValue();
    long free = ((Number) hp.getOrDefault("free", 0L)).longValue();
    List<String> reasons = new java.util.ArrayList<>();
    reasons.add("the wanted pool and its persisted setting come from oracle_hugepages");
    if (total == 0) {
      reasons.add("no huge pages are allocated");
    } else if (total == free) {
      reasons.add("none of the " + total + " huge pages is in use");
    }
    return List.of(
        new PageState(
            "oracle/hugepages",
            "",
            false,
            "",
            total > 0 && free < total,
            "HugePages_Total=" + total + " HugePages_Free=" + free,
            false,
            reasons));
  }

  /** The Linux huge-page pool (allocated and in use) and the transparent huge pages mode. */
  @Override
  @SuppressWarnings("unchecked")
  public FactCells factCells(Map<String, Object> pages) {
    Map<String, Object> hp = (Map<String, Object>) pages.get("hugepages");
    List<String> pool = List.of();
    if (hp != null && hp.containsKey("total")) {
      long total = ((Number) hp.get("total")).longValue();
      long free = ((Number) hp.getOrDefault("free", 0L)).longValue();
      pool = List.of(total + " pool, " + (total - free) + " used");
    }
    Object thp = pages.get("thp");
    List<String> mode = thp == null ? List.of() : List.of(String.valueOf(thp));
    return new FactCells(List.of(), pool, mode, List.of(), List.of());
  }

  /** A database instance restart times a SQL*Plus {@code / as sysdba} login as its probe. */
  @Override
  public Optional<DefaultProbe> defaultBenefitProbe(
      RestartTarget target, Map<String, Object> probeArgs, Map<String, Object> hostVars) {
    if (!DB_INSTANCE.equals(target.kind()) || target.id() == null || target.id().isBlank()) {
      return Optional.empty();
    }
    return Optional.of(SqlplusLoginProbe.of(target.id(), hostVars));
  }

  /** A reboot or a service restart may be what allocates the pool: verify it then too. */
  @Override
  public RestartCheck afterHostRestart() {
    return OracleTarget::verifyArgs;
  }

  /**
   * The HugePages pool and the alert log's "Large Pages Information", when the host says what to
   * expect ({@code oracle_hugepages_total}, {@code oracle_alert_log}).
   */
  private static Optional<Map<String, Object>> verifyArgs(
      RestartTarget target, Map<String, Object> vars) {
    if (vars.get("oracle_hugepages_total") == null || vars.get("oracle_alert_log") == null) {
      return Optional.empty();
    }
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("hugepages_total", vars.get("oracle_hugepages_total"));
    raw.put("alert_log", String.valueOf(vars.get("oracle_alert_log")));
    return Optional.of(raw);
  }
}
