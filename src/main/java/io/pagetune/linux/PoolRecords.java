package io.pagetune.linux;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The pool's consumers as its sysctl file records them, one comment line each: a consumer only one
 * module or loop item knows (a declared instance, a cluster this run switches on) is thereby seen
 * by every other module that writes the pool, in this run and the next, so that they all persist
 * the same {@code vm.nr_hugepages} whatever their order. A consumer leaves the pool when its line
 * is deleted from the file.
 *
 * <p>A line is {@code # pagetune-pool-consumer: name<TAB>bytes<TAB>replaces<TAB>source<TAB>page};
 * comments are ignored by sysctl. {@code page} names the page size of the pool the consumer is
 * counted in ({@code 2M}, {@code 1G}): the file's {@code vm.nr_hugepages} counts pages of the next
 * boot's default size, and a record of another size (written before {@code default_hugepagesz=}
 * changed) is not counted into it, nor kept when the file is written again. A line without the
 * field (written before records named their size) means the default size of the boot that wrote it;
 * pagetune wrote the file while that boot ran and no record changes the default size, so that is
 * the running kernel's default size ({@code Hugepagesize}).
 */
public final class PoolRecords {
  static final String PREFIX = "# pagetune-pool-consumer: ";

  private PoolRecords() {}

  /**
   * The consumers recorded in {@code text} for the pool of {@code pageBytes}; a line without a size
   * counts for {@code unsizedPageBytes}; a malformed line is skipped.
   */
  public static List<HugePageConsumer> parse(
      String text, long pageBytes, LongSupplier unsizedPageBytes) {
    List<HugePageConsumer> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (!line.startsWith(PREFIX)) {
        continue;
      }
      String[] f = line.substring(PREFIX.length()).split("\t", -1);
      if (f.length < 4 || f.length > 5 || !f[1].matches("\\d{1,18}") || f[0].isBlank()) {
        continue;
      }
      long page =
          f.length == 4
              ? unsizedPageBytes.getAsLong()
              : PageSize.parse(f[4]).map(PageSize::bytes).orElse(-1L);
      if (page != pageBytes) {
        continue;
      }
      long bytes = Long.parseLong(f[1]);
      if (bytes <= 0) {
        continue;
      }
      Set<String> replaces = new LinkedHashSet<>(Arrays.asList(f[2].split(",")));
      replaces.remove("");
      out.add(new HugePageConsumer(f[0], bytes, f[3], replaces));
    }
    return out;
  }

  /**
   * {@code text} with its record lines (of every size) replaced by {@code records} of the pool of
   * {@code pageBytes}, placed after the file's leading comments (before its first assignment), so
   * that the assignments stay where they were.
   */
  public static String put(String text, List<HugePageConsumer> records, long pageBytes) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (!line.startsWith(PREFIX)) {
        lines.add(line);
      }
    }
    int at = 0;
    while (at < lines.size() - 1 && lines.get(at).startsWith("#")) {
      at++;
    }
    List<String> block = new ArrayList<>();
    for (HugePageConsumer c : records) {
      block.add(
          PREFIX
              + c.name()
              + '\t'
              + c.bytes()
              + '\t'
              + String.join(",", c.replaces().stream().sorted().toList())
              + '\t'
              + c.source()
              + '\t'
              + new PageSize(pageBytes));
    }
    lines.addAll(at, block);
    return String.join("\n", lines);
  }

  /** Why {@code c} cannot be recorded (a tab or line break in its name or source), if so. */
  public static Optional<String> unrecordable(HugePageConsumer c) {
    for (String s : List.of(c.name(), c.source(), String.join(",", c.replaces()))) {
      if (s.chars().anyMatch(ch -> ch < 0x20 || ch == 0x7f)) {
        return Optional.of(
            "consumer name or source contains a control character: "
                + s.replaceAll("\\p{Cntrl}", "?"));
      }
    }
    return Optional.empty();
  }
}
