package io.pagetune.schedule;

import io.pagetune.schedule.RestartTarget.Scope;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The restart kinds a command knows, each with how people read it and how far one restart reaches,
 * as the target that restarts it declares them. Targets built from a kind's name (a playbook's
 * {@code request_restart}, a journal row, a queued intent) are built here, so the queue itself
 * never names a target's kind. It knows {@link RestartTarget#REBOOT} and {@link
 * RestartTarget#SERVICE} itself because it owns them.
 */
public final class RestartCatalog {
  /** One kind as its target declares it: its name, its noun and its scope. */
  public record Entry(String name, String noun, Scope scope) {
    public Entry {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(noun, "noun");
      Objects.requireNonNull(scope, "scope");
    }

    /** A kind named by its name alone ({@code web_server} reads "web server"), one per instance. */
    public static Entry named(String name) {
      return new Entry(name, RestartTarget.defaultNoun(name), Scope.INSTANCE);
    }
  }

  private static final Entry REBOOT =
      new Entry(RestartTarget.REBOOT, RestartTarget.REBOOT, Scope.HOST);
  private static final Entry SERVICE = Entry.named(RestartTarget.SERVICE);

  private final Map<String, Entry> byName;

  /** The kinds in declaration order; a kind declared twice is a wiring error. */
  public RestartCatalog(Collection<Entry> entries) {
    Map<String, Entry> m = new LinkedHashMap<>();
    for (Entry e : entries) {
      if (m.putIfAbsent(e.name(), e) != null) {
        throw new IllegalArgumentException("restart kind '" + e.name() + "' declared twice");
      }
    }
    m.putIfAbsent(SERVICE.name(), SERVICE);
    m.putIfAbsent(REBOOT.name(), REBOOT);
    this.byName = Collections.unmodifiableMap(m);
  }

  /** Only the kinds the queue owns: a reboot and a service. */
  public static RestartCatalog hostOnly() {
    return new RestartCatalog(List.of());
  }

  /** The kind names in declaration order: what {@code request_restart: kind:} accepts. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }

  public boolean knows(String kind) {
    return byName.containsKey(RestartTarget.kindOf(kind));
  }

  /** The kind's declaration; a kind nobody declared reads by its name, one per instance. */
  public Entry entry(String kind) {
    String name = RestartTarget.kindOf(kind);
    Entry e = byName.get(name);
    return e != null ? e : Entry.named(name);
  }

  /** A restart of the kind's declared scope. */
  public RestartTarget target(String kind, String host, String id) {
    Entry e = entry(kind);
    return new RestartTarget(e.name(), host, id, e.scope(), e.noun());
  }

  /** The target a stored row describes, under the scope whose key the row was stored with. */
  public RestartTarget stored(String kind, String host, String id, String key) {
    Entry e = entry(kind);
    return RestartTarget.stored(e.name(), host, id, key, e.scope(), e.noun());
  }
}
