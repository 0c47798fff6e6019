package io.pagetune.linux;

import io.pagetune.modules.HostState;
import java.util.List;

/**
 * How one target finds its users of a Linux host's huge-page pool from the host alone (running
 * segments, clusters on the host), so that a module of another target can size the same pool.
 */
public interface HugePageConsumerSource {
  /** The target that owns these consumers, e.g. {@code oracle}, {@code postgres}. */
  String owner();

  /** The consumers found on {@code host}, sized for pages of {@code pageBytes}; none is empty. */
  List<HugePageConsumer> discover(HostState host, long pageBytes);

  /**
   * The consumers among {@link #discover} that name {@code pageBytes} as their page size, and so
   * keep using it when the kernel's default size changes; one that takes the default size (SysV
   * segments, a setting left at its default) moves with the default. None unless a source knows.
   */
  default List<HugePageConsumer> namingSize(HostState host, long pageBytes) {
    return List.of();
  }

  /**
   * The users of pages of {@code pageBytes} found on {@code host} whose size cannot be told now, so
   * that {@link #discover} leaves them out; a module refuses or warns for each it cannot size.
   */
  default List<UnsizedConsumer> unsized(HostState host, long pageBytes) {
    return List.of();
  }

  /**
   * The programs on {@code host} that would take the kernel's default huge page size whenever they
   * use huge pages, though they use none today (a setting that switches them off), so that a move
   * of the default size cannot depend on whether a task switches them on before or after it.
   */
  default List<UnsizedConsumer> defaultSizeTakers(HostState host) {
    return List.of();
  }
}
