package io.pagetune.inventory;

import io.pagetune.template.HostText;
import io.pagetune.vars.VarScope;
import io.pagetune.vars.VarSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a parsed {@link InventoryDraft} into an {@link Inventory}: places hosts without a group in
 * {@code ungrouped}, orders each host's groups as Ansible applies their variables ({@code all},
 * then by depth, then by {@code ansible_group_priority}, then by name) and layers the variables by
 * {@link VarSource}.
 */
final class InventoryAssembler {
  /** Names for which {@code select} returns a local host when the inventory does not list one. */
  static final List<String> IMPLICIT_LOCALHOST = List.of("localhost", "127.0.0.1");

  private final InventoryDraft draft;
  private final VarsFiles varsFiles;
  private final GroupGraph graph;
  private final Map<String, Map<String, Object>> groupFileVars = new HashMap<>();
  private final Map<String, Map<String, Object>> groupInlineVars = new HashMap<>();

  InventoryAssembler(InventoryDraft draft, VarsFiles varsFiles) {
    this.draft = draft;
    this.varsFiles = varsFiles;
    this.graph = new GroupGraph(draft.groups());
  }

  Inventory assemble() {
    Map<String, InventoryDraft.GroupDraft> groups = draft.groups();
    InventoryDraft.GroupDraft ungrouped = groups.get(InventoryDraft.UNGROUPED);
    Map<String, Set<String>> directGroups = new LinkedHashMap<>();
    for (String host : draft.hosts().keySet()) {
      directGroups.put(host, new LinkedHashSet<>());
    }
    groups.forEach(
        (name, g) -> {
          if (!name.equals(InventoryDraft.ALL)) {
            g.hosts.forEach(h -> directGroups.get(h).add(name));
          }
        });
    // A host is in 'ungrouped' exactly when no other group (besides 'all') holds it.
    directGroups.forEach(
        (host, direct) -> {
          if (direct.size() > 1 && direct.remove(InventoryDraft.UNGROUPED)) {
            ungrouped.hosts.remove(host);
          } else if (direct.isEmpty()) {
            direct.add(InventoryDraft.UNGROUPED);
            ungrouped.hosts.add(host);
          }
        });

    Map<String, List<String>> hostGroups = new LinkedHashMap<>();
    directGroups.forEach((host, direct) -> hostGroups.put(host, varOrder(direct)));
    Map<String, List<String>> membership = membership(hostGroups);

    List<Host> hosts = new ArrayList<>();
    for (InventoryDraft.HostDraft h : draft.hosts().values()) {
      List<String> order = hostGroups.get(h.name);
      Map<String, Object> hostVars = new LinkedHashMap<>(FrozenValues.map(h.vars));
      hostVars.putAll(MagicVars.forHost(h.name, order, membership, h.source));
      VarScope scope = scope(order, hostVars, h.name);
      hosts.add(new Host(h.name, order, plain(scope), h.location, scope));
    }

    Map<String, Host> implicit = new LinkedHashMap<>();
    for (String name : IMPLICIT_LOCALHOST) {
      if (!draft.hasHost(name)) {
        Map<String, Object> hostVars = new LinkedHashMap<>();
        hostVars.put("ansible_connection", "local");
        hostVars.putAll(MagicVars.forHost(name, List.of(), membership, null));
        // Like Ansible's implicit localhost: not in 'all', yet 'all' variables apply to it.
        VarScope vars = scope(List.of(InventoryDraft.ALL), hostVars, name);
        implicit.put(name, new Host(name, List.of(), vars, InventoryDraft.BUILT_IN));
      }
    }
    return new Inventory(hosts, groupRecords(), membership, implicit, draft.answers());
  }

  /**
   * The values without their {@link HostText} marks, for pagetune's own settings. Only a dynamic
   * source marks values: for an inventory of files alone the scope is its own plain form.
   */
  private VarScope plain(VarScope marked) {
    if (draft.answers().isEmpty()) {
      return marked;
    }
    VarScope out = marked;
    for (VarSource source : VarSource.values()) {
      Map<String, Object> layer = new LinkedHashMap<>(marked.layer(source));
      if (!layer.isEmpty()) {
        // the magic variables hold no source data, and 'groups' is the whole inventory
        layer.replaceAll((k, v) -> MagicVars.NAMES.contains(k) ? v : HostText.plain(v));
        out = out.replace(source, layer);
      }
    }
    return out;
  }

  private List<String> varOrder(Set<String> direct) {
    Set<String> all = new LinkedHashSet<>();
    for (String g : direct) {
      all.addAll(graph.withAncestors(g));
    }
    List<String> order = new ArrayList<>(all);
    order.sort(
        Comparator.comparingInt((String g) -> graph.depth(g))
            .thenComparingInt(g -> draft.groups().get(g).priority)
            .thenComparing(Comparator.naturalOrder()));
    return order;
  }

  /** Every group to its hosts (direct or through children), in inventory order. */
  private Map<String, List<String>> membership(Map<String, List<String>> hostGroups) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String g : draft.groups().keySet()) {
      out.put(g, new ArrayList<>());
    }
    hostGroups.forEach((host, groups) -> groups.forEach(g -> out.get(g).add(host)));
    Map<String, List<String>> frozen = new LinkedHashMap<>();
    out.forEach((g, hs) -> frozen.put(g, List.copyOf(hs)));
    return Collections.unmodifiableMap(frozen);
  }

  private VarScope scope(List<String> order, Map<String, Object> hostVars, String host) {
    Map<String, Object> inline = new LinkedHashMap<>();
    Map<String, Object> allFile = new LinkedHashMap<>();
    Map<String, Object> files = new LinkedHashMap<>();
    for (String g : order) {
      inline.putAll(inlineVars(g));
      if (g.equals(InventoryDraft.ALL)) {
        allFile.putAll(fileVars(g));
      } else {
        files.putAll(fileVars(g));
      }
    }
    return new VarScope()
        .replace(VarSource.INVENTORY_GROUP_VARS, inline)
        .replace(VarSource.INVENTORY_GROUP_VARS_ALL_FILE, allFile)
        .replace(VarSource.INVENTORY_GROUP_VARS_FILES, files)
        .replace(VarSource.INVENTORY_HOST_VARS, hostVars)
        .replace(VarSource.INVENTORY_HOST_VARS_FILES, FrozenValues.map(varsFiles.hostVars(host)));
  }

  private Map<String, Object> fileVars(String group) {
    return groupFileVars.computeIfAbsent(group, g -> FrozenValues.map(varsFiles.groupVars(g)));
  }

  private Map<String, Object> inlineVars(String group) {
    return groupInlineVars.computeIfAbsent(
        group, g -> FrozenValues.map(draft.groups().get(g).vars));
  }

  /** Groups as {@link Group} records; their vars merge the inventory file and group_vars/. */
  private Map<String, Group> groupRecords() {
    Map<String, Group> out = new LinkedHashMap<>();
    draft
        .groups()
        .forEach(
            (name, g) -> {
              Map<String, Object> vars = new LinkedHashMap<>(inlineVars(name));
              vars.putAll(fileVars(name));
              vars = HostText.plainAll(vars);
              List<String> direct =
                  name.equals(InventoryDraft.ALL) ? List.of() : List.copyOf(g.hosts);
              out.put(name, new Group(name, graph.children(name), direct, vars));
            });
    return out;
  }
}
