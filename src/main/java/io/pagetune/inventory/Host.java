package io.pagetune.inventory;

import io.pagetune.vars.VarScope;
import io.pagetune.yaml.SourceLocation;
import java.util.List;

/**
 * One inventory host: its name, the groups it belongs to (sorted: {@code all} first, then by depth,
 * then by name, the order in which group variables apply), and its inventory variables layered by
 * source.
 */
public record Host(String name, List<String> groups, VarScope vars, SourceLocation location) {
  public Host {
    groups = List.copyOf(groups);
  }
}
