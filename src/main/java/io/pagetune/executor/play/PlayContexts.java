package io.pagetune.executor.play;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.executor.PlayContext;
import io.pagetune.executor.PlayHosts;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.executor.host.HostVars;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.playbook.Play;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a play's {@link PlayContext} when the play starts: its vars_files read, the names of its
 * hosts, {@code hostvars} over the inventory and {@code groups}.
 */
final class PlayContexts {
  private PlayContexts() {}

  static PlayContext of(
      RunContext ctx,
      Inventory inventory,
      Map<String, HostRun> hostRuns,
      Play play,
      List<String> playHosts) {
    PlayHosts hosts = new PlayHosts(playHosts, name -> hostRuns.get(name).active());
    return new PlayContext(
        play, varsFiles(ctx, play), hosts, hostvars(inventory, hostRuns), groups(inventory));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> varsFiles(RunContext ctx, Play play) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Path p : play.varsFiles()) {
      YamlValue v = ctx.yaml().read(p);
      if (!(v instanceof YamlValue.Mapping)) {
        throw new InputException(v.location(), "vars_files must hold a mapping");
      }
      out.putAll((Map<String, Object>) v.toPlain());
    }
    return out;
  }

  private static Map<String, Object> hostvars(Inventory inventory, Map<String, HostRun> hostRuns) {
    // resolved per host on first read: a task reads a few hosts, never the whole inventory
    Map<String, Host> byName = new LinkedHashMap<>();
    for (Host h : inventory.hosts()) {
      byName.put(h.name(), h);
    }
    return new HostVars(
        Collections.unmodifiableSet(byName.keySet()),
        name -> byName.get(name).templateVars().resolve(),
        hostRuns);
  }

  private static Map<String, Object> groups(Inventory inventory) {
    Map<String, Object> out = new LinkedHashMap<>();
    inventory
        .groups()
        .forEach(
            (name, g) ->
                out.put(
                    name,
                    inventory.select(name, SourceLocation.UNKNOWN).stream()
                        .map(Host::name)
                        .toList()));
    return out;
  }
}
