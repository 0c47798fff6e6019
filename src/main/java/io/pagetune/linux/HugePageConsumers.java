package io.pagetune.linux;

import io.pagetune.modules.HostState;
import java.util.ArrayList;
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
   * Every consumer the sources find on {@code host}, sized for pages of {@code pageBytes}; a name
   * found twice is counted once.
   */
  public List<HugePageConsumer> all(HostState host, long pageBytes) {
    return once(sources.stream().map(s -> s.discover(host, pageBytes)).toList());
  }

  /** The consumers that name {@code pageBytes} as their size ({@link HugePageConsumerSource}). */
  public List<HugePageConsumer> namingSize(HostState host, long pageBytes) {
    return once(sources.stream().map(s -> s.namingSize(host, pageBytes)).toList());
  }

  /** The users of {@code pageBytes} pages whose size no source can tell now. */
  public List<UnsizedConsumer> unsized(HostState host, long pageBytes) {
    return sources.stream().flatMap(s -> s.unsized(host, pageBytes).stream()).toList();
  }

  /** Every source's {@link HugePageConsumerSource#defaultSizeTakers}. */
  public List<UnsizedConsumer> defaultSizeTakers(HostState host) {
    return sources.stream().flatMap(s -> s.defaultSizeTakers(host).stream()).toList();
  }

  private static List<HugePageConsumer> once(List<List<HugePageConsumer>> found) {
    Set<String> seen = new HashSet<>();
    List<HugePageConsumer> out = new ArrayList<>();
    for (List<HugePageConsumer> l : found) {
      for (HugePageConsumer c : l) {
        if (seen.add(c.name())) {
          out.add(c);
        }
      }
    }
    return out;
  }
}
