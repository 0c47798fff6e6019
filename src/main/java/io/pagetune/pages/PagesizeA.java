package io.pagetune.pages;

import io.pagetune.facts.Fact;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The page sizes a host supports, sorted: {@code pagesize -a} or {@code -af} on AIX/Solaris (bytes,
 * one per line), or on Linux the base page size plus the {@code hugepages-<N>kB} directories of
 * sysfs and the {@code Hugepagesize} line.
 */
public record PagesizeA(List<PageSize> sizes) {
  private static final Pattern BYTES =
      Pattern.compile("^\\s*(\\d+[KMGT]?)\\s*$", Pattern.CASE_INSENSITIVE);
  private static final Pattern SYSFS = Pattern.compile("hugepages-(\\d+)kB\\s*$");
  private static final Pattern MEMINFO = Pattern.compile("^Hugepagesize:\\s*(\\d+)\\s*kB");

  public PagesizeA {
    sizes = List.copyOf(new TreeSet<>(sizes));
  }

  public static PagesizeA parse(String output) {
    TreeSet<PageSize> out = new TreeSet<>();
    for (String line : output.split("\\R")) {
      Matcher b = BYTES.matcher(line);
      Matcher s = SYSFS.matcher(line);
      Matcher m = MEMINFO.matcher(line.strip());
      if (b.matches()) {
        PageSize.parse(b.group(1)).ifPresent(out::add);
      } else if (s.find()) {
        PageSize.parse(s.group(1) + "K").ifPresent(out::add);
      } else if (m.find()) {
        PageSize.parse(m.group(1) + "K").ifPresent(out::add);
      }
    }
    return new PagesizeA(List.copyOf(out));
  }

  public boolean supports(PageSize size) {
    return sizes.contains(size);
  }

  public Optional<PageSize> largest() {
    return sizes.isEmpty() ? Optional.empty() : Optional.of(sizes.get(sizes.size() - 1));
  }

  public static Fact<PagesizeA> fact() {
    String script =
        "if command -v pagesize >/dev/null 2>&1; then pagesize -a; else getconf PAGESIZE;"
            + " ls -d /sys/kernel/mm/hugepages/hugepages-*kB; grep '^Hugepagesize:' /proc/meminfo;"
            + " fi";
    return new ScriptFact<>("pagesize_a", script, r -> parse(r.stdout()));
  }
}
