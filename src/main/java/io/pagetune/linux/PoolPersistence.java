package io.pagetune.linux;

import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlAssignment;
import io.pagetune.linux.sysctl.SysctlBootFiles;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageSize;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How one size's pool is kept for the next boot: the default size's by {@code vm.nr_hugepages} in
 * the sysctl files (judged by the sysctl precedence rules, whichever module writes it), another
 * size's by its pair on the kernel command line ({@code hugepagesz=1G hugepages=N}).
 *
 * @param edits the file writes that make boot apply the pool
 * @param persisted whether the next boot gets the pool as the host is now (before the edits)
 * @param bootValue what the next boot applies, in words
 * @param notes why, or what was left as it is
 * @param refusal why the pool cannot be persisted (one line)
 */
public record PoolPersistence(
    List<FileEdit> edits,
    boolean persisted,
    String bootValue,
    List<String> notes,
    Optional<String> refusal) {
  private static final String NR_HUGEPAGES = PoolFile.KEY;

  public PoolPersistence {
    edits = List.copyOf(edits);
    notes = List.copyOf(notes);
  }

  /**
   * {@code size}'s pool of {@code pages} kept where {@link PoolBootPlaces} says: the sysctl file
   * ({@code path}, {@code before} now, {@code wanted} after), its pair on the kernel command line,
   * or both, persisted when the next boot gets it from each.
   */
  public static PoolPersistence of(
      HostState host, PoolOfSize size, long pages, String path, String before, String wanted) {
    PoolBootPlaces places = size.places();
    List<PoolPersistence> parts = new ArrayList<>();
    if (places.sysctl()) {
      parts.add(sysctl(host, path, before, wanted, pages));
    }
    if (places.commandLine()) {
      parts.add(
          commandLine(
              host.fact(LinuxBootConfig.PAGES),
              new HugePagesPair(size.pageBytes(), pages, size.bootDefaultPageBytes())));
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    List<FileEdit> edits = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    parts.forEach(
        p -> {
          edits.addAll(p.edits());
          notes.addAll(p.notes());
        });
    return new PoolPersistence(
        edits,
        parts.stream().allMatch(PoolPersistence::persisted),
        String.join("; ", parts.stream().map(PoolPersistence::bootValue).toList()),
        notes,
        parts.stream().flatMap(p -> p.refusal().stream()).findFirst());
  }

  /**
   * The default size's pool in pagetune's sysctl file {@code path} ({@code before} now, {@code
   * wanted} after); other files that would win at boot are edited by the sysctl precedence rules.
   */
  public static PoolPersistence sysctl(
      HostState host, String path, String before, String wanted, long pages) {
    SysctlPersistence.Result result =
        SysctlPrecedence.readAtBoot(path)
            ? SysctlPersistence.plan(
                host.fact(SysctlBootFiles.fact()),
                path,
                before,
                wanted,
                Map.of(NR_HUGEPAGES, Long.toString(pages)))
            : ownFileOnly(path, before, wanted);
    SysctlPersistence.BootValue boot = result.before().get(NR_HUGEPAGES);
    return new PoolPersistence(
        result.edits(),
        boot.value().equals(Long.toString(pages)),
        boot.describe(),
        result.notes(),
        result.refusal());
  }

  /**
   * The {@code vm.nr_hugepages} the next boot applies by the sysctl precedence rules, with
   * pagetune's sysctl file {@code path} as {@code text}; empty when no boot configuration sets it.
   */
  public static OptionalLong bootPages(HostState host, String path, String text) {
    SysctlPersistence.Result result =
        SysctlPrecedence.readAtBoot(path)
            ? SysctlPersistence.plan(
                host.fact(SysctlBootFiles.fact()), path, text, text, Map.of(NR_HUGEPAGES, "0"))
            : ownFileOnly(path, text, text);
    String value = result.before().get(NR_HUGEPAGES).value().strip();
    return value.matches("\\d{1,18}")
        ? OptionalLong.of(Long.parseLong(value))
        : OptionalLong.empty();
  }

  /**
   * Another size's pool, reserved at boot by its pair on the kernel command line ({@code
   * hugepagesz=1G hugepages=N}): judged from what the next boot gets ({@link BootCmdline#nextBoot}:
   * the boot entries, else the grub defaults), not from the running kernel's command line, and
   * where it would not get it, written by {@link BootLoaderEdits} into the files the distribution
   * keeps the command line in.
   */
  public static PoolPersistence commandLine(LinuxBootConfig boot, HugePagesPair pair) {
    List<KernelCmdline> next = BootCmdline.nextBoot(boot);
    boolean persisted = !next.isEmpty() && next.stream().allMatch(pair::isIn);
    String bootValue =
        "kernel command line: "
            + (next.isEmpty()
                ? "boot loader config not found"
                : String.join("; ", next.stream().map(pair::found).distinct().toList()));
    if (persisted) {
      return new PoolPersistence(List.of(), true, bootValue, List.of(), Optional.empty());
    }
    String page = new PageSize(pair.pageBytes()).toString();
    List<String> notes = new ArrayList<>();
    Optional<String> unconfigured = BootLoaderEdits.unconfigured(boot, pair.wanted());
    if (unconfigured.isPresent()) {
      notes.add(unconfigured.get() + "; until then the " + page + " pool is live only");
      return new PoolPersistence(List.of(), false, bootValue, notes, Optional.empty());
    }
    BootLoaderEdits.Result written = BootLoaderEdits.plan(boot, pair);
    notes.addAll(written.notes());
    // a separate pool: vm.nr_hugepages, the other sizes' pairs and default_hugepagesz stay
    notes.add(
        "the "
            + page
            + " pool is reserved at the next boot by "
            + pair.wanted()
            + " on the kernel command line");
    return new PoolPersistence(written.edits(), false, bootValue, notes, written.refusal());
  }

  /**
   * The writes as steps: a file pagetune owns ({@code ownPath}) or creates gets mode 0644; an
   * existing file is backed up when {@code backup}.
   */
  public List<Step> steps(HostState host, String ownPath, boolean backup) {
    List<Step> steps = new ArrayList<>();
    for (FileEdit e : edits) {
      boolean own = e.path().equals(ownPath) || e.before().isEmpty();
      steps.add(
          new Step.Put(
              e.path(),
              e.after().getBytes(StandardCharsets.UTF_8),
              own ? Integer.valueOf(0644) : null,
              null,
              null,
              backup && host.stat(e.path()).isPresent()));
    }
    return steps;
  }

  /** What check mode shows of the writes. */
  public List<FileDiff> diffs() {
    return edits.stream().map(e -> new FileDiff(e.path(), e.before(), e.after())).toList();
  }

  /**
   * A pool file that boot does not read (outside the sysctl directories, e.g. under a test root):
   * no other file competes with it, its own last assignment is the persisted value.
   */
  private static SysctlPersistence.Result ownFileOnly(String path, String now, String wanted) {
    List<FileEdit> edits =
        now.equals(wanted)
            ? List.of()
            : List.of(new FileEdit(path, now, wanted, "pagetune's sysctl file"));
    return new SysctlPersistence.Result(
        edits,
        Map.of(NR_HUGEPAGES, lastAssignment(path, now)),
        Map.of(NR_HUGEPAGES, lastAssignment(path, wanted)),
        List.of(),
        Optional.empty());
  }

  private static SysctlPersistence.BootValue lastAssignment(String path, String text) {
    Optional<SysctlAssignment> last = Optional.empty();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Optional<SysctlAssignment> a = SysctlPrecedence.parseLine(path, i + 1, lines[i]);
      if (a.isPresent() && a.get().key().equals(NR_HUGEPAGES)) {
        last = a;
      }
    }
    return new SysctlPersistence.BootValue(NR_HUGEPAGES, last, false);
  }
}
