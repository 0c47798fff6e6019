package io.pagetune.schedule;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What must restart for a change to take effect. Two requests with equal targets are one restart
 * (one SAP system restart per SID, one web server restart per instance).
 *
 * <p>{@code kind} is the name users write ({@code request_restart: kind: sap_system}, keys of
 * {@code pagetune_restart_commands}); each target registers the kinds it restarts, with their
 * driver, noun and scope ({@link RestartCatalog}). The queue only knows two kinds itself: {@link
 * #REBOOT}, which absorbs every other restart of its host, and {@link #SERVICE}.
 *
 * @param scope how far one restart reaches, which decides when two requests are the same restart
 * @param noun how people read the kind ("SAP system"); only how the target is shown, so it is no
 *     part of equality or of the stored {@link #key()}
 */
public record RestartTarget(String kind, String host, String id, Scope scope, String noun) {
  public static final String REBOOT = "reboot";
  public static final String SERVICE = "service";

  private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9_]*");

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
    if (noun == null) {
      noun = defaultNoun(kind);
    }
  }

  /** A target read by its kind's name ({@code web_server} reads "web server"). */
  public RestartTarget(String kind, String host, String id, Scope scope) {
    this(kind, host, id, scope, null);
  }

  /**
   * A reboot per host, any other kind per instance; a kind of another scope or noun is built
   * through its declaration ({@link RestartCatalog#target}).
   */
  public RestartTarget(String kind, String host, String id) {
    this(kind, host, id, REBOOT.equals(kind) ? Scope.HOST : Scope.INSTANCE);
  }

  /** How a kind reads when its target declares no noun: its name with spaces. */
  public static String defaultNoun(String kind) {
    return kind.replace('_', ' ');
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
    return new RestartTarget(kind, host, newId, scope, noun);
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

  /**
   * The target a stored row describes: its scope is the one whose key the row was stored under, or
   * the kind's own when no scope gives that key.
   */
  static RestartTarget stored(
      String kind, String host, String id, String key, Scope declared, String noun) {
    for (Scope s : Scope.values()) {
      RestartTarget t = new RestartTarget(kindOf(kind), host, id, s, noun);
      if (t.key().equals(key)) {
        return t;
      }
    }
    return new RestartTarget(kindOf(kind), host, id, declared, noun);
  }

  public String describe() {
    if (isReboot()) {
      return "reboot of " + host;
    }
    return noun + " " + id;
  }

  /** Equal targets are one restart, however they are shown. */
  @Override
  public boolean equals(Object o) {
    return o instanceof RestartTarget t
        && kind.equals(t.kind)
        && Objects.equals(host, t.host)
        && Objects.equals(id, t.id)
        && scope == t.scope;
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, host, id, scope);
  }
}
