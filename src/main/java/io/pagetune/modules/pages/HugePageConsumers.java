package io.pagetune.modules.pages;

import io.pagetune.modules.HostState;
import io.pagetune.pages.HugePageConsumer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every target's {@link HugePageConsumerSource}, listed once by the composition root: a module that
 * sizes the host-wide pool adds what the other targets find on the host to its own consumers, so
 * that whichever module runs persists the same {@code vm.nr_hugepages}.
 */
public record HugePageConsumers(List<HugePageConsumerSource> sources) {
  public HugePageConsumers {
    sources = List.copyOf(sources);
  }

  /** No other target: a module sizes the pool for its own and the declared consumers only. */
  public static HugePageConsumers none() {
    return new HugePageConsumers(List.of());
  }

  /**
   * The consumers the sources of every owner but {@code owner} find on {@code host}, leaving out
   * names already in {@code known} (a consumer the playbook declares by the same name wins).
   */
  public List<HugePageConsumer> others(
      String owner, HostState host, long pageBytes, Collection<String> known) {
    Set<String> seen = new HashSet<>(known);
    List<HugePageConsumer> out = new ArrayList<>();
    for (HugePageConsumerSource s : sources) {
      if (s.owner().equals(owner)) {
        continue;
      }
      for (HugePageConsumer c : s.discover(host, pageBytes)) {
        if (seen.add(c.name())) {
          out.add(c);
        }
      }
    }
    return out;
  }
}
