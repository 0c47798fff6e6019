package io.pagetune.targets.oracle;

import io.pagetune.linux.BootCmdline;
import io.pagetune.linux.BootLoaderEdits;
import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.KernelCmdline;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolPlan;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlAssignment;
import io.pagetune.linux.sysctl.TunedProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The kernel command line an Oracle host needs at its next boot (domain.md §3.5, §5a): {@code
 * transparent_hugepage=<policy>} unless the next boot already gets that mode (from the command
 * line, or from the active tuned profile when the command line does not set it), and for 1 GiB
 * pages {@code default_hugepagesz=1G hugepagesz=1G hugepages=N}, since gigantic pages cannot be
 * reliably allocated at run time. Planned as file writes ({@link BootLoaderEdits}: the boot entries
 * and what new kernels copy), refused when the next boot would still not get them (a tuned
 * profile's {@code [bootloader] cmdline=} after them in a {@code $kernelopts} entry).
 */
record KernelParams(
    List<String> params,
    List<FileEdit> bootEdits,
    Optional<String> refusal,
    boolean thpPersisted,
    String thpBootDescription,
    boolean hugepagesPersisted,
    String nextBootDescription,
    List<String> notes,
    List<String> poolNotes,
    Map<String, Object> report) {
  private static final long GIGANTIC = 1L << 30;
  static final List<String> HUGEPAGE_PARAMS =
      List.of("hugepages", "hugepagesz", "default_hugepagesz");

  public KernelParams {
    params = List.copyOf(params);
    bootEdits = List.copyOf(bootEdits);
    notes = List.copyOf(notes);
    poolNotes = List.copyOf(poolNotes);
    report = Map.copyOf(report);
  }

  /**
   * @param thpMode the THP mode the policy asks for; empty where the kernel has no THP
   * @param giganticPages the pool in 1 GiB pages, or empty when the pool is not 1 GiB pages
   */
  public static KernelParams plan(
      LinuxBootConfig boot, Optional<String> thpMode, OptionalLong giganticPages) {
    return plan(boot, thpMode, giganticPages, Optional.empty());
  }

  /**
   * @param keptDefault the old default size's pool, reserved beside the 1 GiB default by its own
   *     {@code hugepagesz=} pair ({@link io.pagetune.linux.DefaultSizeChange})
   */
  public static KernelParams plan(
      LinuxBootConfig boot,
      Optional<String> thpMode,
      OptionalLong giganticPages,
      Optional<PoolPlan> keptDefault) {
    List<KernelCmdline> next = BootCmdline.nextBoot(boot);
    Optional<SysctlAssignment> tunedThp = boot.tunedProfile().flatMap(TunedProfile::thp);
    List<String> notes = new ArrayList<>();
    List<String> poolNotes = new ArrayList<>();
    KernelCmdline running = boot.running();
    if (!running.hugepages().isEmpty()) {
      poolNotes.add(
          "the running kernel reserved huge pages at boot, before sysctl: "
              + String.join(" ", relevant(running).stream().filter(w -> !isThp(w)).toList()));
    }
    if (running.hasPluralThpTypo()) {
      notes.add(
          "transparent_hugepages= (plural) on the kernel command line is ignored by the kernel");
    }

    List<String> thpAtBoot = thpAtBoot(next, tunedThp);
    boolean thpPersisted =
        thpMode.isEmpty() || thpAtBoot.stream().allMatch(v -> v.startsWith(thpMode.get() + " "));

    List<String> params = new ArrayList<>();
    List<String> drop = new ArrayList<>(List.of("transparent_hugepages"));
    if (!thpPersisted) {
      params.add("transparent_hugepage=" + thpMode.get());
    }
    boolean hugepagesPersisted =
        giganticPages.isEmpty()
            || giganticReserved(
                next, giganticPages.getAsLong(), keptDefault, params, drop, poolNotes);

    List<FileEdit> bootEdits = new ArrayList<>();
    Optional<String> refusal = Optional.empty();
    if (!params.isEmpty()) {
      Optional<String> unconfigured = BootLoaderEdits.unconfigured(boot, String.join(" ", params));
      if (unconfigured.isPresent()) {
        notes.add(unconfigured.get());
        params = List.of();
      } else {
        BootLoaderEdits.Result written = BootLoaderEdits.plan(boot, params, drop);
        bootEdits.addAll(written.edits());
        notes.addAll(written.notes());
        refusal = written.refusal();
        notes.add("kernel command line: " + String.join(" ", params) + " at the next boot");
        if (!hugepagesPersisted) {
          poolNotes.add(
              "1G pages are reserved at boot: "
                  + String.join(" ", params)
                  + " on the kernel command line");
        }
      }
    }

    List<String> nextText = next.stream().map(l -> String.join(" ", relevant(l))).toList();
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("running", String.join(" ", relevant(running)));
    report.put("next_boot", nextText);
    report.put("thp_at_boot", thpAtBoot);
    boot.tunedProfileName().ifPresent(p -> report.put("tuned_profile", p));
    return new KernelParams(
        params,
        bootEdits,
        refusal,
        thpPersisted,
        String.join("; ", thpAtBoot),
        hugepagesPersisted,
        nextText.isEmpty() ? "boot loader config not found" : String.join("; ", nextText),
        notes,
        poolNotes,
        report);
  }

  /** What THP mode each next-boot command line gets, and from where. */
  private static List<String> thpAtBoot(
      List<KernelCmdline> next, Optional<SysctlAssignment> tunedThp) {
    List<String> thpAtBoot = new ArrayList<>();
    for (KernelCmdline line : next) {
      thpAtBoot.add(
          line.transparentHugepage()
              .map(v -> v + " (kernel command line)")
              .or(() -> tunedThp.map(t -> t.value() + " (tuned " + t.where() + ")"))
              .orElse("kernel default"));
    }
    if (next.isEmpty()) {
      thpAtBoot.add(
          tunedThp
              .map(t -> t.value() + " (tuned " + t.where() + ")")
              .orElse("boot loader config not found"));
    }
    return thpAtBoot;
  }

  /**
   * Whether every next boot already reserves the 1 GiB pool (and the kept default-size pool); when
   * not, the parameters that reserve it join {@code params} and the old ones {@code drop}.
   */
  private static boolean giganticReserved(
      List<KernelCmdline> next,
      long pages,
      Optional<PoolPlan> keptDefault,
      List<String> params,
      List<String> drop,
      List<String> poolNotes) {
    List<String> gig =
        new ArrayList<>(List.of("default_hugepagesz=1G", "hugepagesz=1G", "hugepages=" + pages));
    // hugepages= counts for the hugepagesz= before it: the kept pool gets its own pair
    keptDefault.ifPresent(k -> gig.addAll(keptPair(k)));
    boolean hugepagesPersisted =
        !next.isEmpty()
            && next.stream()
                .allMatch(
                    l ->
                        keptDefault.isEmpty()
                            ? BootCmdline.has(l, gig)
                            : reserves(l, pages, keptDefault.get()));
    keptDefault.ifPresent(
        k ->
            poolNotes.add(
                "the "
                    + k.pageName()
                    + " pool of "
                    + String.join(", ", k.consumers().stream().map(HugePageConsumer::name).toList())
                    + " is kept at boot by "
                    + String.join(" ", keptPair(k))
                    + " beside default_hugepagesz=1G, which makes "
                    + PoolFile.KEY
                    + " count 1G pages"));
    if (!hugepagesPersisted) {
      params.addAll(gig);
      drop.addAll(HUGEPAGE_PARAMS);
    }
    return hugepagesPersisted;
  }

  private static boolean isThp(String word) {
    return word.startsWith("transparent_hugepage");
  }

  private static List<String> keptPair(PoolPlan kept) {
    return List.of("hugepagesz=" + kept.pageName(), "hugepages=" + kept.pages());
  }

  /** The line boots with 1 GiB default pages, {@code pages} of them, and the kept pool. */
  private static boolean reserves(KernelCmdline line, long pages, PoolPlan kept) {
    Map<Long, Long> r = BootCmdline.reservations(line, GIGANTIC);
    return line.defaultHugepagesz().filter("1G"::equals).isPresent()
        && r.getOrDefault(GIGANTIC, -1L) == pages
        && r.getOrDefault(kept.pageBytes(), -1L) == kept.pages();
  }

  /** The huge-page and THP words of a command line. */
  static List<String> relevant(KernelCmdline line) {
    return line.words().stream()
        .filter(
            w ->
                w.startsWith("hugepages=")
                    || w.startsWith("hugepagesz=")
                    || w.startsWith("default_hugepagesz=")
                    || w.startsWith("transparent_hugepage"))
        .toList();
  }
}
