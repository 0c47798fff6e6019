package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code /proc/meminfo}: every field as a number, sizes converted from kB to bytes; the HugePages_*
 * fields are page counts and stay counts. A missing field is empty, never zero.
 */
public record Meminfo(Map<String, Long> counts, Map<String, Long> bytes) {
  private static final Pattern LINE =
      Pattern.compile("^\\s*([A-Za-z0-9_()]+):\\s+(\\d+)(?:\\s+([kKmMgG]B))?\\s*$");

  public Meminfo {
    counts = Map.copyOf(counts);
    bytes = Map.copyOf(bytes);
  }

  public static Meminfo parse(String text) {
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<String, Long> bytes = new LinkedHashMap<>();
    for (String line : text.split("\\R")) {
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        continue;
      }
      long n;
      try {
        n = Long.parseLong(m.group(2));
      } catch (NumberFormatException e) {
        continue;
      }
      if (m.group(3) == null) {
        counts.put(m.group(1), n);
      } else {
        int shift = 10 * ("KMG".indexOf(Character.toUpperCase(m.group(3).charAt(0))) + 1);
        bytes.put(m.group(1), n << shift);
      }
    }
    return new Meminfo(counts, bytes);
  }

  private static OptionalLong get(Map<String, Long> m, String key) {
    Long v = m.get(key);
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }

  public OptionalLong memTotalBytes() {
    return get(bytes, "MemTotal");
  }

  public OptionalLong hugePagesTotal() {
    return get(counts, "HugePages_Total");
  }

  public OptionalLong hugePagesFree() {
    return get(counts, "HugePages_Free");
  }

  public OptionalLong hugePagesRsvd() {
    return get(counts, "HugePages_Rsvd");
  }

  public OptionalLong hugePagesSurp() {
    return get(counts, "HugePages_Surp");
  }

  /** The default huge page size; empty means huge pages are unsupported (hugepages_settings.sh). */
  public OptionalLong hugepagesizeBytes() {
    return get(bytes, "Hugepagesize");
  }

  public OptionalLong anonHugePagesBytes() {
    return get(bytes, "AnonHugePages");
  }

  public OptionalLong hugetlbBytes() {
    return get(bytes, "Hugetlb");
  }

  /**
   * Some of the pool is held: pages handed out ({@code Free < Total}) or promised ({@code Rsvd >
   * 0}). A pre-paged SGA (Oracle 12.2 and later by default) faults every page in at start and shows
   * {@code Free 0, Rsvd 0}: fully in use, whatever MOS 361323.1's older "Rsvd above 0" check says.
   */
  public boolean poolInUse() {
    if (hugePagesTotal().isEmpty() || hugePagesFree().isEmpty()) {
      return false;
    }
    long total = hugePagesTotal().getAsLong();
    return total > 0 && (hugePagesFree().getAsLong() < total || hugePagesRsvd().orElse(0) > 0);
  }

  /**
   * Transparent huge pages are in use ({@code AnonHugePages} above 0): switching THP off at run
   * time does not split them, so a reboot is needed for the change to be complete.
   */
  public boolean transparentHugePagesInUse() {
    return anonHugePagesBytes().orElse(0) > 0;
  }

  /** The host's meminfo as the page facts gather it (one round trip with the other sections). */
  public static final Fact<Meminfo> PAGES =
      new ScriptFact<>(
          "pages_meminfo",
          io.pagetune.pages.PageFacts.only("Linux", "cat /proc/meminfo"),
          r -> parse(r.stdout()));

  public static Fact<Meminfo> fact() {
    return new ScriptFact<>("meminfo", "cat /proc/meminfo", r -> parse(r.stdout()));
  }
}
