package io.pagetune.targets.oracle;

import io.pagetune.linux.BootCmdline;
import io.pagetune.linux.DeclaredConsumers;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.PoolBootPlaces;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolOfSize;
import io.pagetune.modules.Args;
import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one {@code oracle_hugepages} task asks for, read from its arguments and the host's page
 * size.
 *
 * @param planner the sizing rules (RAM share, allowance per instance, memlock share)
 * @param declared every instance the task declares ({@code instances})
 * @param ownInstances the declared instances this module sizes (not also in {@code
 *     hugepages_consumers})
 * @param poolDeclared the pool's other users the task declares ({@code hugepages_consumers})
 * @param pageBytes the page size the SGAs use ({@code page_size}, else the kernel's default)
 * @param defaultPage the kernel's default huge page size now ({@code Hugepagesize}), 0 if none
 * @param memTotal MemTotal in bytes
 * @param fromSga sized from the declared SGAs, not from the running segments
 */
record OracleRequest(
    HugePagesPlanner planner,
    List<InstanceSga> declared,
    List<InstanceSga> ownInstances,
    List<HugePageConsumer> poolDeclared,
    long pageBytes,
    long defaultPage,
    long memTotal,
    boolean fromSga) {
  static final long GIGANTIC = 1L << 30;

  OracleRequest {
    declared = List.copyOf(declared);
    ownInstances = List.copyOf(ownInstances);
    poolDeclared = List.copyOf(poolDeclared);
  }

  /** The request, or an {@link OracleRefusal} naming the argument that is wrong. */
  static OracleRequest of(Args args, Meminfo mem) {
    Optional<Long> allowance = allowanceBytes(args.string("allowance_per_instance"));
    if (allowance.isEmpty()) {
      throw new OracleRefusal(
          "allowance_per_instance must be a size in bytes like 8M, got '"
              + args.string("allowance_per_instance")
              + "'");
    }
    HugePagesPlanner planner =
        new HugePagesPlanner(
            share(args.string("max_memory_share")).orElse(0.7), allowance.get(), 0.90);
    List<InstanceSga> declared;
    try {
      declared = instances(args);
    } catch (IllegalArgumentException e) {
      throw new OracleRefusal(e.getMessage());
    }
    long defaultPage = mem.hugepagesizeBytes().orElse(0);
    long pageBytes = defaultPage;
    Optional<String> pageArg = args.optString("page_size");
    if (pageArg.isPresent()) {
      Optional<PageSize> p = PageSize.parse(pageArg.get());
      if (p.isEmpty() || (p.get().bytes() != (2L << 20) && p.get().bytes() != GIGANTIC)) {
        throw new OracleRefusal("page_size must be 2M or 1G, got '" + pageArg.get() + "'");
      }
      pageBytes = p.get().bytes();
    }
    String source = args.string("source");
    boolean fromSga = source.equals("sga") || (source.equals("auto") && !declared.isEmpty());
    List<HugePageConsumer> poolDeclared;
    try {
      poolDeclared = DeclaredConsumers.parse(args.raw("hugepages_consumers"));
    } catch (IllegalArgumentException e) {
      throw new OracleRefusal("hugepages_consumers: " + e.getMessage());
    }
    Set<String> declaredNames =
        poolDeclared.stream().map(HugePageConsumer::name).collect(Collectors.toSet());
    // an instance the playbook also declares as oracle/<sid> is sized by that declaration
    List<InstanceSga> own =
        declared.stream().filter(i -> !declaredNames.contains(OraclePool.consumerName(i))).toList();
    return new OracleRequest(
        planner,
        declared,
        own,
        poolDeclared,
        pageBytes,
        defaultPage,
        mem.memTotalBytes().orElse(0),
        fromSga);
  }

  /** 1 GiB pages: reserved at boot from the kernel command line. */
  boolean gigantic() {
    return pageBytes == GIGANTIC;
  }

  /**
   * 1 GiB pages where the default size is another: the SGAs' SysV segments take the default size,
   * so the default must change ({@code default_hugepagesz=1G}).
   */
  boolean movesDefault() {
    return gigantic() && defaultPage > 0 && defaultPage != pageBytes;
  }

  /**
   * The pool file's {@code vm.nr_hugepages} counts pages of the next boot's default size, and the
   * SGAs' SysV segments take that size at their next start: unless this task moves the default
   * itself ({@link #movesDefault}), a next boot whose {@code default_hugepagesz=} is not the size
   * the SGAs are sized in is an {@link OracleRefusal}, as are boot entries that disagree on it.
   */
  void checkNextBootDefault(LinuxBootConfig boot) {
    if (defaultPage <= 0 || movesDefault()) {
      return;
    }
    Optional<Long> atBoot = BootCmdline.nextBootDefault(boot, defaultPage);
    if (atBoot.isEmpty()) {
      throw new OracleRefusal(
          "the boot entries disagree on default_hugepagesz=, so the page size "
              + PoolFile.KEY
              + " counts at the next boot is not known; make them agree");
    }
    if (atBoot.get() != pageBytes) {
      throw new OracleRefusal(
          "the next boot's kernel command line has default_hugepagesz="
              + new PageSize(atBoot.get())
              + ": "
              + PoolFile.KEY
              + " would count "
              + new PageSize(atBoot.get())
              + " pages and the SGAs' SysV segments would take them, while they are sized in "
              + pageName()
              + " pages; set page_size: "
              + new PageSize(atBoot.get())
              + " or take default_hugepagesz= off the command line");
    }
  }

  /**
   * Where the next boot gets the SGAs' pool from ({@link PoolBootPlaces}): their size is the next
   * boot's default, as {@link #checkNextBootDefault} holds or {@link #movesDefault} makes it.
   */
  PoolBootPlaces places() {
    return new PoolBootPlaces(pageBytes, pageBytes);
  }

  /** The SGAs' pool with {@code live} pages now (counted by the running kernel's default size). */
  PoolOfSize size(long live) {
    return new PoolOfSize(pageBytes, defaultPage, pageBytes, live);
  }

  /** {@code 2M}, {@code 1G}. */
  String pageName() {
    return new PageSize(pageBytes).toString();
  }

  /** Where the sizes come from, in the words the plan shows. */
  String source() {
    return fromSga ? "declared SGA sizes" : "ipcs -m segments";
  }

  /** A share of RAM in (0, 1]. */
  static Optional<Double> share(String s) {
    try {
      double d = Double.parseDouble(s.strip());
      return d > 0 && d <= 1 ? Optional.of(d) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** A size like {@code 8M}, or a byte count of at least 4096 (a page count would be too small). */
  static Optional<Long> allowanceBytes(String text) {
    String t = text.strip();
    if (t.equals("0")) {
      return Optional.of(0L);
    }
    if (t.matches("\\d+") && Long.parseLong(t) < 4096) {
      return Optional.empty();
    }
    return PageSize.parse(t).map(PageSize::bytes);
  }

  /** The OS users owning huge-page consumers: {@code consumers}, else the Oracle user. */
  static List<String> namedUsers(Args args) {
    List<String> out = new ArrayList<>();
    Object raw = args.raw("consumers");
    if (raw instanceof List<?> l) {
      l.forEach(o -> out.add(String.valueOf(o)));
    }
    if (!out.contains(args.string("oracle_user"))) {
      out.add(0, args.string("oracle_user"));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static List<InstanceSga> instances(Args args) {
    Object raw = args.raw("instances");
    List<InstanceSga> out = new ArrayList<>();
    if (raw == null) {
      return out;
    }
    for (Object o : (List<Object>) raw) {
      if (!(o instanceof Map<?, ?> m)) {
        throw new IllegalArgumentException("each of instances needs sid and sga, got " + o);
      }
      Object sid = m.get("sid") != null ? m.get("sid") : m.get("name");
      Object sga = m.get("sga");
      if (sid == null || sga == null) {
        throw new IllegalArgumentException("each of instances needs sid and sga, got " + o);
      }
      Optional<PageSize> bytes = PageSize.parse(String.valueOf(sga));
      if (bytes.isEmpty()) {
        throw new IllegalArgumentException(
            "SGA of " + sid + " is not a size like 12G or a byte count: " + sga);
      }
      out.add(new InstanceSga(String.valueOf(sid), bytes.get().bytes()));
    }
    return out;
  }
}
