package io.pagetune.inventory;

import io.pagetune.error.SourceLocation;
import io.pagetune.vars.VarScope;
import java.util.List;

/**
 * One inventory host: its name, the groups it belongs to (sorted: {@code all} first, then by depth,
 * then by {@code ansible_group_priority}, then by name, the order in which group variables apply),
 * and its inventory variables layered by source ({@code INVENTORY_*} layers of {@link
 * io.pagetune.vars.VarSource}; the magic variables {@code inventory_hostname}, {@code
 * inventory_hostname_short}, {@code group_names} and {@code groups} sit in {@code
 * INVENTORY_HOST_VARS}, after the host's own inline variables).
 *
 * <p>{@code vars} holds plain values, for pagetune's own settings (connection, restarts, windows);
 * {@code templateVars} is what templates see: the same values, except that those a dynamic source
 * returned (a script's output, the CMDB) are marked {@link io.pagetune.template.HostText}, data
 * that is never rendered as a template.
 */
public record Host(
    String name,
    List<String> groups,
    VarScope vars,
    SourceLocation location,
    VarScope templateVars) {
  public Host {
    groups = List.copyOf(groups);
  }

  /** A host whose variables all come from files the user wrote. */
  public Host(String name, List<String> groups, VarScope vars, SourceLocation location) {
    this(name, groups, vars, location, vars);
  }

  /**
   * An implicit host ({@code localhost} selected by a pattern without being listed) belongs to no
   * group, not even {@code all}.
   */
  public boolean implicit() {
    return !groups.contains("all");
  }
}
