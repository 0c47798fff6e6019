package io.pagetune.targets.postgres;

import io.pagetune.linux.BootCmdline;
import io.pagetune.linux.DefaultSizeChange;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.PoolOfSize;
import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The pool a cluster's main shared memory takes: that of its {@code huge_page_size}, else of the
 * default size (PostgreSQL docs §20.4.1). The pool file's {@code vm.nr_hugepages} counts pages of
 * the next boot's default size ({@code default_hugepagesz=} on its command line, which an {@code
 * oracle_hugepages} task with {@code page_size: 1G} may have set), so the pool is kept there only
 * when the cluster's size is that one, and by its own {@code hugepagesz= hugepages=} pair
 * otherwise. A cluster that takes the default size while the next boot changes it is refused: the
 * server counted its {@code shared_memory_size_in_huge_pages} in pages of today's default size, and
 * at its next start it would ask for pages of the new one.
 */
record ClusterPoolSize(Optional<PoolOfSize> size, Optional<String> refusal) {

  static ClusterPoolSize of(HostState host, String cluster, PgClusterState pg) {
    long pageKb = pg.meminfo("Hugepagesize").orElse(0);
    if (pageKb <= 0) {
      return refused("Hugepagesize is missing from /proc/meminfo: this kernel has no huge pages");
    }
    long running = pageKb << 10;
    OptionalLong named = PostgresConsumerSource.pageBytes(pg);
    Optional<Long> atBoot = BootCmdline.nextBootDefault(host.fact(LinuxBootConfig.PAGES), running);
    if (atBoot.isEmpty()) {
      return refused(
          "the boot entries disagree on default_hugepagesz=, so the page size the pool file counts"
              + " at the next boot is not known; make them agree");
    }
    if (named.isEmpty() && atBoot.get() != running) {
      return refused(
          "the next boot's kernel command line has "
              + DefaultSizeChange.strands(running, atBoot.get(), describe(cluster, pg, running))
              + "; the server counts shared_memory_size_in_huge_pages in today's "
              + new PageSize(running)
              + " pages, so pagetune does not size it in "
              + new PageSize(atBoot.get())
              + " pages");
    }
    long pageBytes = named.orElse(running);
    return new ClusterPoolSize(
        Optional.of(
            PoolOfSize.of(
                host, pageBytes, running, atBoot.get(), pg.meminfo("HugePages_Total").orElse(0))),
        Optional.empty());
  }

  /** The cluster as the pool describes a consumer, as {@code oracle_hugepages} names it too. */
  private static String describe(String cluster, PgClusterState pg, long pageBytes) {
    String name = PostgresConsumerSource.name(cluster);
    return PgSharedMemory.of(pg, pageBytes)
        .map(shm -> new HugePageConsumer(name, shm.bytes(), shm.source()).describe(pageBytes))
        .orElse(name);
  }

  private static ClusterPoolSize refused(String why) {
    return new ClusterPoolSize(Optional.empty(), Optional.of(why));
  }
}
