package io.pagetune.schedule;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What must restart for a change to take effect. Two requests with equal targets are one restart
 * (one SAP system restart per SID, one web server restart per instance).
 *
 * <p>{@code kind} is the name users write ({@code request_restart: kind: sap_system}, keys of
 * {@code pagetune_restart_commands}); each target registers the kinds it restarts, with their
 * driver. The queue only knows two kinds itself: {@link #REBOOT}, which absorbs every other restart
 * of its host, and {@link #SERVICE}.
 *
 * @param scope how far one restart reaches, which decides when two requests are the same restart
 */
public record RestartTarget(String kind, String host, String id, Scope scope) {
  public static final String REBOOT = "reboot";
  public static final String SERVICE = "service";

  private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]*");

  /**
   * How people read a kind whose name alone does not say it well, and the kinds whose one restart
   * spans hosts. Both are part of what is stored and shown for queued restarts, so they are fixed
   * here rather than looked up in the registry the drivers come from.
   */
  private static final Map<String, String> NOUNS =
      Map.of("sap_system", "SAP system", "db_instance", "database instance");

  private static final Set<String> SYSTEM_WIDE = Set.of("sap_system");

  /** One restart per ... */
  public enum Scope {
    /** ... host and instance (a web server, a database instance, a service). */
    INSTANCE,
    /** ... id across hosts (one SAP system restart restarts every instance of the SID). */
    SYSTEM,
    /** ... host (a reboot). */
    HOST
  }

  public RestartTarget {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(scope, "scope");
    if (!KIND.matcher(kind).matches()) {
      throw new IllegalArgumentException("restart kind '" + kind + "' is not a lower-case name");
    }
  }

  /**
   * A restart of the kind's usual scope: a reboot per host, a SAP system per SID, else per
   * instance.
   */
  public RestartTarget(String kind, String host, String id) {
    this(kind, host, id, scopeOf(kind));
  }

  private static Scope scopeOf(String kind) {
    if (REBOOT.equals(kind)) {
      return Scope.HOST;
    }
    return SYSTEM_WIDE.contains(kind) ? Scope.SYSTEM : Scope.INSTANCE;
  }

  public static RestartTarget reboot(String host) {
    return new RestartTarget(REBOOT, host, host, Scope.HOST);
  }

  /** The kind as a user writes it, whatever the case it arrived in ("SAP_SYSTEM" from old rows). */
  public static String kindOf(String text) {
    return text.strip().toLowerCase(Locale.ROOT);
  }

  public boolean isReboot() {
    return REBOOT.equals(kind);
  }

  /** The same target for another id (e.g. the SID with its instance number for sapcontrol). */
  public RestartTarget withId(String newId) {
    return new RestartTarget(kind, host, newId, scope);
  }

  /**
   * The dedup key: one system restart per id across hosts, one instance restart per host and
   * instance, one reboot per host. Stored in the queue, so its form never changes.
   */
  public String key() {
    String k = kind.toUpperCase(Locale.ROOT);
    return switch (scope) {
      case SYSTEM -> k + ":" + id;
      case HOST -> k + ":" + host;
      case INSTANCE -> k + ":" + host + ":" + id;
    };
  }

  /** The target a stored row describes: its scope is the one whose key the row was stored under. */
  public static RestartTarget stored(String kind, String host, String id, String key) {
    for (Scope s : Scope.values()) {
      RestartTarget t = new RestartTarget(kindOf(kind), host, id, s);
      if (t.key().equals(key)) {
        return t;
      }
    }
    return new RestartTarget(kindOf(kind), host, id);
  }

  public String describe() {
    if (isReboot()) {
      return "reboot of " + host;
    }
    return NOUNS.getOrDefault(kind, kind.replace('_', ' ')) + " " + id;
  }
}
