package io.pagetune.inventory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variables Ansible derives from the inventory itself. pagetune puts them in the {@code
 * INVENTORY_HOST_VARS} layer, after the host's own inline variables, so an inventory file cannot
 * override them; {@code host_vars/} files and higher layers still could, as with any variable.
 * Reports leave them out, as {@code ansible-inventory} does.
 */
final class MagicVars {
  static final Set<String> NAMES =
      Set.of(
          "inventory_hostname",
          "inventory_hostname_short",
          "group_names",
          "groups",
          "inventory_file",
          "inventory_dir");

  private MagicVars() {}

  /**
   * @param groups every group of the host, including {@code all}
   * @param membership every group to the names of its hosts (shared by all hosts)
   * @param source the inventory file that declared the host, or null (an inline host list)
   */
  static Map<String, Object> forHost(
      String host, List<String> groups, Map<String, List<String>> membership, Path source) {
    List<String> names = new ArrayList<>();
    for (String g : groups) {
      if (!g.equals(InventoryDraft.ALL)) {
        names.add(g);
      }
    }
    Collections.sort(names);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("inventory_hostname", host);
    int dot = host.indexOf('.');
    out.put("inventory_hostname_short", dot > 0 ? host.substring(0, dot) : host);
    out.put("group_names", List.copyOf(names));
    out.put("groups", membership);
    if (source != null) {
      out.put("inventory_file", source.toString());
      out.put("inventory_dir", source.getParent().toString());
    }
    return out;
  }

  static Map<String, Object> withoutMagic(Map<String, Object> vars) {
    Map<String, Object> out = new LinkedHashMap<>(vars);
    out.keySet().removeAll(NAMES);
    return out;
  }
}
