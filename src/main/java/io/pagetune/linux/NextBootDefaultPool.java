package io.pagetune.linux;

import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The pool of the next boot's default huge page size, as a task that plans another size's pool sees
 * it while that default moves ({@code default_hugepagesz=1G} on the next boot's command line, not
 * yet booted). A consumer that takes the default size without naming it ({@code huge_page_size =
 * 0}) maps pages of the new default at its next start, and its own task cannot size it there (it is
 * sized in today's pages): only a task that plans the new default's pool counts it. A task that
 * plans another size's pool while such a consumer is missing from the pool the next boot applies
 * would end the run with a pool that depends on which module ran last, so it refuses, naming the
 * consumer: with {@code huge_pages = on} that start would fail without its pages, with {@code try}
 * it would take pages the pool holds for the consumers counted in it.
 */
public final class NextBootDefaultPool {
  private NextBootDefaultPool() {}

  /**
   * Why the task cannot go on, or empty when every user of the next boot's default size that does
   * not name it is counted in the pool that boot applies.
   *
   * @param taskPageBytes the page size of the pool the task plans
   * @param atBootBytes the next boot's default huge page size
   * @param takers the module's own finds that take the default size without naming it
   * @param request the pool of {@code atBootBytes} as a task planning it would ask for it (the
   *     module's finds of that size and the pool file's text, whose records it counts)
   * @param poolPath the pool's sysctl file
   */
  public static Optional<String> uncounted(
      HostState host,
      HugePageConsumers sources,
      long taskPageBytes,
      long atBootBytes,
      List<HugePageConsumer> takers,
      PoolPlan.Request request,
      String poolPath) {
    List<HugePageConsumer> all = new ArrayList<>(takers);
    Set<String> naming =
        sources.namingSize(host, atBootBytes).stream()
            .map(HugePageConsumer::name)
            .collect(Collectors.toSet());
    sources.all(host, atBootBytes).stream()
        .filter(c -> !naming.contains(c.name()))
        .filter(c -> all.stream().noneMatch(t -> t.name().equals(c.name())))
        .forEach(all::add);
    List<UnsizedConsumer> unknown = sources.unsized(host, atBootBytes);
    if (all.isEmpty() && unknown.isEmpty()) {
      return Optional.empty();
    }
    String size = new PageSize(atBootBytes).toString();
    String who = all.stream().map(c -> c.describe(atBootBytes)).collect(Collectors.joining("; "));
    PoolOutcome outcome = PoolPlan.plan(host, sources, atBootBytes, request);
    if (outcome instanceof PoolOutcome.Refused r) {
      return Optional.of("the next boot's default " + size + " pool: " + r.reason());
    }
    PoolPlan pool = (PoolPlan) outcome;
    Set<String> counted =
        pool.consumers().stream().map(HugePageConsumer::name).collect(Collectors.toSet());
    List<UnsizedConsumer> uncounted =
        unknown.stream().filter(u -> !counted.contains(u.name())).toList();
    if (!uncounted.isEmpty()) {
      // huge_pages = try too: it would take, at its start, pages the pool holds for the others
      return Optional.of(
          uncounted.stream()
                  .map(u -> u.name() + " (" + u.why() + ")")
                  .collect(Collectors.joining("; "))
              + " takes the next boot's default "
              + size
              + " pages at its next start, and no pool can count it until it is started once so"
              + " that its size can be read; a task that plans the "
              + new PageSize(taskPageBytes)
              + " pool does not size the "
              + size
              + " pool");
    }
    long atBoot =
        PoolPersistence.bootPages(host, poolPath, request.poolFile())
            .orElseGet(
                () ->
                    BootReservation.pages(
                        host.fact(LinuxBootConfig.PAGES), atBootBytes, atBootBytes));
    if (atBoot >= pool.pages()) {
      return Optional.empty();
    }
    return Optional.of(
        who
            + " takes the next boot's default "
            + size
            + " pages at its next start (default_hugepagesz="
            + size
            + " on that boot's kernel command line; it does not name its size), and the "
            + size
            + " pool that boot applies holds "
            + atBoot
            + " pages, not the "
            + pool.pages()
            + " of "
            + String.join("; ", pool.breakdown())
            + "; a task that plans the "
            + new PageSize(taskPageBytes)
            + " pool does not size the "
            + size
            + " pool");
  }
}
