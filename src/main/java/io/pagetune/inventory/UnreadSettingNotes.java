package io.pagetune.inventory;

import io.pagetune.vars.EngineVariables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The informational lines for an inventory that still sets an engine setting by its old un-prefixed
 * name (e.g. {@code change_window}) and not by its {@code pagetune_} name: pagetune does not obey
 * it (it may well be the inventory's own variable), and says so once per name, at {@code -v} and in
 * {@code pagetune inventory}. Never a failure: the inventory is allowed to use the name for its own
 * purposes.
 */
public final class UnreadSettingNotes {
  private static final int HOSTS_SHOWN = 3;

  private UnreadSettingNotes() {}

  /** One line per old name any of the hosts defines without the prefixed one. */
  public static List<String> of(List<Host> hosts) {
    Map<String, List<String>> byName = new LinkedHashMap<>();
    for (String setting : EngineVariables.RENAMED) {
      byName.put(EngineVariables.oldName(setting), new ArrayList<>());
    }
    for (Host h : hosts) {
      for (String old : EngineVariables.unprefixedOnly(h.vars().resolve())) {
        byName.get(old).add(h.name());
      }
    }
    List<String> out = new ArrayList<>();
    byName.forEach(
        (old, names) -> {
          if (!names.isEmpty()) {
            out.add(line(old, names));
          }
        });
    return out;
  }

  private static String line(String old, List<String> hosts) {
    String shown = String.join(", ", hosts.subList(0, Math.min(HOSTS_SHOWN, hosts.size())));
    if (hosts.size() > HOSTS_SHOWN) {
      shown += " and " + (hosts.size() - HOSTS_SHOWN) + " more";
    }
    return "inventory variable "
        + old
        + " ("
        + (hosts.size() == 1 ? "host " : "hosts ")
        + shown
        + ") is not a pagetune setting: pagetune's own settings carry the pagetune_ prefix,"
        + " so pagetune leaves it to the inventory and reads pagetune_"
        + old;
  }
}
