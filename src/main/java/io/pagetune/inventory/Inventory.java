package io.pagetune.inventory;

import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loaded inventory: hosts in the order they were first written, groups with their direct members,
 * and host selection by Ansible pattern. Immutable.
 */
public final class Inventory {
  private final List<Host> hosts;
  private final Map<String, Host> byName = new LinkedHashMap<>();
  private final Map<String, Group> groups;
  private final Map<String, List<String>> membership;
  private final Map<String, Host> implicitHosts;
  private final Map<String, String> answers;

  Inventory(
      List<Host> hosts,
      Map<String, Group> groups,
      Map<String, List<String>> membership,
      Map<String, Host> implicitHosts,
      Map<String, String> answers) {
    this.hosts = List.copyOf(hosts);
    hosts.forEach(h -> byName.put(h.name(), h));
    this.groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    this.membership = Collections.unmodifiableMap(new LinkedHashMap<>(membership));
    this.implicitHosts = Collections.unmodifiableMap(new LinkedHashMap<>(implicitHosts));
    this.answers = Collections.unmodifiableMap(new LinkedHashMap<>(answers));
  }

  /**
   * The digest of each dynamic source's answer (a script's output, the CMDB's rows), by the source
   * as messages name it; empty when every source is a file the user wrote. A saved plan's digest
   * covers these.
   */
  public Map<String, String> dynamicAnswers() {
    return answers;
  }

  /** Every host of the inventory ({@code all}), in inventory order. */
  public List<Host> hosts() {
    return hosts;
  }

  public Optional<Host> host(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Every group by name, {@code all} and {@code ungrouped} included, in declaration order. */
  public Map<String, Group> groups() {
    return groups;
  }

  /** The hosts of a group, directly or through its children, in inventory order. */
  public List<Host> hostsIn(String group) {
    List<Host> out = new ArrayList<>();
    for (String name : membership.getOrDefault(group, List.of())) {
      out.add(byName.get(name));
    }
    return out;
  }

  /** Selects hosts by an Ansible pattern; errors are reported at {@code <pattern>}. */
  public List<Host> select(String pattern) {
    return select(pattern, SourceLocation.of("<pattern>"));
  }

  /**
   * Selects hosts by an Ansible pattern ({@link HostPattern}).
   *
   * @param where where the pattern text starts (a play's {@code hosts:} value, or {@code
   *     SourceLocation.of("--limit")}); errors point at the bad term's column from there
   */
  public List<Host> select(String pattern, SourceLocation where) {
    return HostPattern.parse(pattern, where).select(this);
  }

  /** The implicit local host for {@code localhost}/{@code 127.0.0.1} when none is listed. */
  Optional<Host> implicitHost(String name) {
    return Optional.ofNullable(implicitHosts.get(name));
  }
}
