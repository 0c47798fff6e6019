package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The inventory while its files are being parsed: groups and hosts in the order they were first
 * written, merged across every place they appear. {@link InventoryAssembler} turns it into an
 * {@link Inventory}.
 */
final class InventoryDraft {
  static final String ALL = "all";
  static final String UNGROUPED = "ungrouped";
  static final String PRIORITY = "ansible_group_priority";
  static final SourceLocation BUILT_IN = new SourceLocation("<built-in>", 0, 0);

  static final class GroupDraft {
    final String name;
    final SourceLocation location;

    /** Direct children and where each was declared a child (for cycle messages). */
    final Map<String, SourceLocation> children = new LinkedHashMap<>();

    final Set<String> hosts = new LinkedHashSet<>();
    final Map<String, Object> vars = new LinkedHashMap<>();
    int priority = 1;

    GroupDraft(String name, SourceLocation location) {
      this.name = name;
      this.location = location;
    }
  }

  static final class HostDraft {
    final String name;
    final SourceLocation location;
    final Map<String, Object> vars = new LinkedHashMap<>();

    /** The inventory file that first named the host ({@code inventory_file}), or null. */
    final Path source;

    HostDraft(String name, SourceLocation location, Path source) {
      this.name = name;
      this.location = location;
      this.source = source;
    }
  }

  private Path source;

  /** The inventory file read from now on; the hosts it declares first are recorded as its. */
  void readingFrom(Path file) {
    source = file == null ? null : file.toAbsolutePath().normalize();
  }

  private final Map<String, GroupDraft> groups = new LinkedHashMap<>();
  private final Map<String, HostDraft> hosts = new LinkedHashMap<>();
  private final Map<String, String> answers = new LinkedHashMap<>();

  InventoryDraft() {
    groups.put(ALL, new GroupDraft(ALL, BUILT_IN));
    groups.put(UNGROUPED, new GroupDraft(UNGROUPED, BUILT_IN));
  }

  Map<String, GroupDraft> groups() {
    return groups;
  }

  Map<String, HostDraft> hosts() {
    return hosts;
  }

  /** Records the digest of what a dynamic source answered. */
  void answered(String source, String digest) {
    answers.put(source, digest);
  }

  /** Each dynamic source's answer digest, by source; empty for static inventories. */
  Map<String, String> answers() {
    return answers;
  }

  boolean hasGroup(String name) {
    return groups.containsKey(name);
  }

  boolean hasHost(String name) {
    return hosts.containsKey(name);
  }

  /** Declares a group (or returns the existing one). */
  GroupDraft group(String name, SourceLocation where) {
    checkName(name, "group", where);
    if (hosts.containsKey(name)) {
      throw bothHostAndGroup(name, where);
    }
    return groups.computeIfAbsent(name, n -> new GroupDraft(n, where));
  }

  /** Declares a host (or returns the existing one). */
  HostDraft host(String name, SourceLocation where) {
    checkName(name, "host", where);
    if (groups.containsKey(name)) {
      throw bothHostAndGroup(name, where);
    }
    return hosts.computeIfAbsent(name, n -> new HostDraft(n, where, source));
  }

  void addHost(String group, String host, SourceLocation where) {
    host(host, where);
    group(group, where).hosts.add(host);
  }

  void addChild(String parent, String child, SourceLocation where) {
    GroupDraft p = group(parent, where);
    group(child, where);
    if (child.equals(ALL)) {
      throw new InputException(where, "group 'all' cannot be a child of '" + parent + "'");
    }
    if (parent.equals(child)) {
      throw new InputException(where, "group '" + parent + "' cannot be its own child");
    }
    p.children.putIfAbsent(child, where);
  }

  /** Sets a group variable written in an inventory file; the priority key is kept apart. */
  void setGroupVar(String group, String key, Object value, SourceLocation where) {
    GroupDraft g = group(group, where);
    if (key.equals(PRIORITY)) {
      g.priority = priority(value, where);
    } else {
      g.vars.put(key, value);
    }
  }

  private static int priority(Object value, SourceLocation where) {
    if (value instanceof Long || value instanceof Integer) {
      return ((Number) value).intValue();
    }
    if (value instanceof String && ((String) value).trim().matches("-?[0-9]{1,9}")) {
      return Integer.parseInt(((String) value).trim());
    }
    throw new InputException(where, PRIORITY + " must be an integer, got '" + value + "'");
  }

  private static void checkName(String name, String kind, SourceLocation where) {
    if (name.isEmpty()) {
      throw new InputException(where, "empty " + kind + " name");
    }
    for (int i = 0; i < name.length(); i++) {
      if (Character.isWhitespace(name.charAt(i)) || Character.isISOControl(name.charAt(i))) {
        throw new InputException(
            where, kind + " name '" + name + "' must not contain whitespace or control characters");
      }
    }
  }

  private static InputException bothHostAndGroup(String name, SourceLocation where) {
    return new InputException(where, "'" + name + "' is both a host and a group");
  }
}
