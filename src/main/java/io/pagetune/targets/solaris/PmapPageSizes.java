package io.pagetune.targets.solaris;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Solaris/illumos {@code pmap -sx <pid>} parsed by header name. {@code hasPageSizes} is false for
 * plain {@code pmap -x}, which has no Pgsz column.
 */
record PmapPageSizes(String pid, String command, boolean hasPageSizes, List<PmapMapping> mappings) {
  private static final Pattern TITLE = Pattern.compile("^(\\d+):\\s*(.*)$");
  private static final Pattern ADDRESS = Pattern.compile("[0-9A-Fa-f]+");

  public PmapPageSizes {
    mappings = List.copyOf(mappings);
  }

  public static PmapPageSizes parse(String output) {
    String pid = "";
    String command = "";
    List<String> header = null;
    List<PmapMapping> out = new ArrayList<>();
    for (String line : output.split("\\R")) {
      String trimmed = line.strip();
      Matcher title = TITLE.matcher(trimmed);
      if (header == null && title.matches()) {
        pid = title.group(1);
        command = title.group(2).strip();
        continue;
      }
      List<String> words = Arrays.asList(trimmed.split("\\s+"));
      if (words.contains("Address") && words.contains("Kbytes")) {
        header = words;
        continue;
      }
      if (header == null || words.isEmpty() || !ADDRESS.matcher(words.get(0)).matches()) {
        continue;
      }
      row(header, words).ifPresent(out::add);
    }
    return new PmapPageSizes(pid, command, header != null && header.contains("Pgsz"), out);
  }

  private static Optional<PmapMapping> row(List<String> header, List<String> t) {
    OptionalLong kbytes = number(cell(t, header.indexOf("Kbytes")));
    if (kbytes.isEmpty()) {
      return Optional.empty();
    }
    int fileCol = header.indexOf("Mapped");
    String file =
        fileCol >= 0 && fileCol < t.size() ? String.join(" ", t.subList(fileCol, t.size())) : "";
    int pgszCol = header.indexOf("Pgsz");
    return Optional.of(
        new PmapMapping(
            t.get(0),
            kbytes.getAsLong(),
            number(cell(t, header.indexOf("RSS"))),
            number(cell(t, header.indexOf("Anon"))),
            number(cell(t, header.indexOf("Locked"))),
            pgszCol < 0 ? Optional.empty() : PageSize.parse(cell(t, pgszCol)),
            cell(t, header.indexOf("Mode")),
            file));
  }

  private static String cell(List<String> t, int col) {
    return col >= 0 && col < t.size() ? t.get(col) : "";
  }

  private static OptionalLong number(String s) {
    try {
      return OptionalLong.of(Long.parseLong(s));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  public long heapKb() {
    return mappings.stream().filter(PmapMapping::isHeap).mapToLong(PmapMapping::kbytes).sum();
  }

  public long heapKbAt(PageSize size) {
    return mappings.stream()
        .filter(PmapMapping::isHeap)
        .filter(m -> m.pageSize().filter(size::equals).isPresent())
        .mapToLong(PmapMapping::kbytes)
        .sum();
  }

  /**
   * Share (0..1) of the {@code [ heap ]} Kbytes mapped with {@code size}; non-resident heap counts
   * in the total, so a mostly untouched heap does not pass. 0 when there is no heap.
   */
  public double heapShareAt(PageSize size) {
    long total = heapKb();
    return total == 0 ? 0 : (double) heapKbAt(size) / total;
  }

  /** The verification rule of domain.md §2: most of the heap is in the target size. */
  public boolean heapMostlyAt(PageSize size) {
    return hasPageSizes && heapShareAt(size) > 0.5;
  }

  public static Fact<PmapPageSizes> fact(long pid) {
    return new ScriptFact<>("pmap_sx_" + pid, "pmap -sx " + pid, r -> parse(r.stdout()));
  }
}
