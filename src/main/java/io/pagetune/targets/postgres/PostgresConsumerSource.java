package io.pagetune.targets.postgres;

import io.pagetune.linux.BootCmdline;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.UnsizedConsumer;
import io.pagetune.modules.HostState;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PostgreSQL clusters {@code pg_lsclusters} lists on a host (or systemd runs, on RHEL), each
 * sized by its main shared memory ({@code shared_memory_size_in_huge_pages}, else from the
 * settings), as users of the pool. A cluster whose size cannot be told (before 15, stopped) is
 * reported as {@link UnsizedConsumer} for the module to refuse or warn, and one with {@code
 * huge_pages = off}, which never maps the pool, is left out.
 */
final class PostgresConsumerSource implements HugePageConsumerSource {
  @Override
  public String owner() {
    return "postgres";
  }

  @Override
  public List<HugePageConsumer> discover(HostState host, long pageBytes) {
    return discover(host, pageBytes, Optional.empty());
  }

  /** The clusters whose {@code huge_page_size} names {@code pageBytes}. */
  @Override
  public List<HugePageConsumer> namingSize(HostState host, long pageBytes) {
    return discover(host, pageBytes, Optional.empty(), true);
  }

  /** The clusters found, but for the one in {@code except} (a module's own cluster). */
  static List<HugePageConsumer> discover(
      HostState host, long pageBytes, Optional<String> exceptDataDir) {
    return discover(host, pageBytes, exceptDataDir, false);
  }

  /**
   * The clusters found, but for the one in {@code except}, that take pages of {@code pageBytes} as
   * the default size of their next start, without naming it.
   */
  static List<HugePageConsumer> defaultSizeUsers(
      HostState host, long pageBytes, Optional<String> exceptDataDir) {
    java.util.Set<String> naming = new java.util.HashSet<>();
    discover(host, pageBytes, exceptDataDir, true).forEach(c -> naming.add(c.name()));
    return discover(host, pageBytes, exceptDataDir, false).stream()
        .filter(c -> !naming.contains(c.name()))
        .toList();
  }

  private static List<HugePageConsumer> discover(
      HostState host, long pageBytes, Optional<String> exceptDataDir, boolean namedOnly) {
    List<HugePageConsumer> out = new ArrayList<>();
    for (PgCluster c : users(host, pageBytes, exceptDataDir, namedOnly)) {
      PgClusterState state = host.fact(PgClusterState.fact(c.dataDirectory(), c.bindir()));
      PgSharedMemory.of(state, countedIn(state))
          .ifPresent(shm -> out.add(new HugePageConsumer(name(c.id()), shm.bytes(), shm.source())));
    }
    return out;
  }

  /**
   * The clusters that will map pages of {@code pageBytes} at their next start but report no size
   * (before 15, stopped): {@code huge_pages = on} fails that start without the pages, {@code try}
   * falls back to normal pages.
   */
  @Override
  public List<UnsizedConsumer> unsized(HostState host, long pageBytes) {
    List<UnsizedConsumer> out = new ArrayList<>();
    for (PgCluster c : users(host, pageBytes, Optional.empty(), false)) {
      PgClusterState state = host.fact(PgClusterState.fact(c.dataDirectory(), c.bindir()));
      if (PgSharedMemory.of(state, countedIn(state)).isEmpty()) {
        String mode = state.setting("huge_pages").orElse("try");
        out.add(
            new UnsizedConsumer(
                name(c.id()),
                "it has huge_pages = "
                    + mode
                    + " and "
                    + PgSharedMemory.unknown(state).replaceFirst("; start the cluster.*", ""),
                mode.equals("on")));
      }
    }
    return out;
  }

  /**
   * The clusters with {@code huge_pages = off} that name no {@code huge_page_size}: switched on,
   * they map pages of the default size, sized by the server in the default size of their start.
   */
  @Override
  public List<UnsizedConsumer> defaultSizeTakers(HostState host) {
    List<UnsizedConsumer> out = new ArrayList<>();
    for (PgCluster c : host.fact(PostgresFacts.CLUSTERS)) {
      PgClusterState state = host.fact(PgClusterState.fact(c.dataDirectory(), c.bindir()));
      if (state.problem().isEmpty()
          && state.setting("huge_pages").filter("off"::equals).isPresent()
          && pageBytes(state).isEmpty()) {
        out.add(
            new UnsizedConsumer(
                name(c.id()), "huge_pages = off and huge_page_size = 0 (the default size)", false));
      }
    }
    return out;
  }

  /** The clusters that map pages of {@code pageBytes}, but for the one in {@code except}. */
  private static List<PgCluster> users(
      HostState host, long pageBytes, Optional<String> exceptDataDir, boolean namedOnly) {
    List<PgCluster> out = new ArrayList<>();
    for (PgCluster c : host.fact(PostgresFacts.CLUSTERS)) {
      String dir = c.dataDirectory();
      if (exceptDataDir.filter(d -> d.equals(dir)).isPresent()) {
        continue;
      }
      PgClusterState state = host.fact(PgClusterState.fact(dir, c.bindir()));
      // huge_pages = off never maps the pool: such a cluster takes none of it
      if (state.problem().isPresent()
          || state.setting("huge_pages").filter("off"::equals).isPresent()) {
        continue;
      }
      // a cluster maps pages of its huge_page_size, else of the default size of its next start
      if (pageBytes(state).orElse(namedOnly ? 0 : nextBootDefault(host, state)) == pageBytes) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * The default huge page size a cluster with {@code huge_page_size = 0} maps at its next start:
   * the next boot's ({@code default_hugepagesz=} on its command line, which a move to 1G pages may
   * have set), whose pool it takes pages from; the running kernel's where the boot entries disagree
   * (the modules refuse that host anyway).
   */
  private static long nextBootDefault(HostState host, PgClusterState state) {
    long running = state.meminfo("Hugepagesize").orElse(0) << 10;
    return BootCmdline.nextBootDefault(host.fact(LinuxBootConfig.PAGES), running).orElse(running);
  }

  /**
   * The page size the server counts {@code shared_memory_size_in_huge_pages} in: its {@code
   * huge_page_size}, else the running kernel's default size, whatever pool the cluster is placed
   * in.
   */
  private static long countedIn(PgClusterState state) {
    return pageBytes(state).orElse(state.meminfo("Hugepagesize").orElse(0) << 10);
  }

  /** How the pool names a cluster: {@code postgres/15/main}, or {@code postgres/<data dir>}. */
  static String name(String cluster) {
    return "postgres/" + cluster;
  }

  /** The names the host's cluster list gives the cluster in {@code dataDir}. */
  static java.util.Set<String> namesOf(HostState host, String dataDir) {
    java.util.Set<String> out = new java.util.HashSet<>();
    for (PgCluster c : host.fact(PostgresFacts.CLUSTERS)) {
      if (c.dataDirectory().equals(dataDir)) {
        out.add(name(c.id()));
      }
    }
    return out;
  }

  /** The page size a cluster names ({@code huge_page_size}, in kB; 0 = the default), if any. */
  static java.util.OptionalLong pageBytes(PgClusterState state) {
    Optional<String> v = state.setting("huge_page_size").map(String::strip);
    if (v.isPresent() && v.get().matches("\\d{1,12}") && Long.parseLong(v.get()) > 0) {
      return java.util.OptionalLong.of(Long.parseLong(v.get()) << 10);
    }
    return v.flatMap(io.pagetune.pages.PageSize::parse)
        .filter(p -> p.bytes() > 0 && !v.get().equals("0"))
        .map(p -> java.util.OptionalLong.of(p.bytes()))
        .orElse(java.util.OptionalLong.empty());
  }
}
