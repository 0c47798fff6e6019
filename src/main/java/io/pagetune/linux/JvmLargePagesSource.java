package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.modules.HostState;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;

/**
 * JVMs started with {@code -XX:+UseLargePages} that map huge pages today (their smaps' {@code
 * Private_Hugetlb} + {@code Shared_Hugetlb}), as users of the pool of their page size: the one
 * {@code -XX:LargePageSizeInBytes} names, else the kernel's default size (the JVM reads {@code
 * Hugepagesize}). A pool planned for the databases alone would take their pages away at the next
 * boot. One consumer per process, {@code jvm/<pid>}, found again on each run (never recorded).
 */
public final class JvmLargePagesSource implements HugePageConsumerSource {
  /**
   * Per JVM: {@code pid<TAB>hugetlb bytes<TAB>-XX:LargePageSizeInBytes value} (empty when not
   * given); read-only.
   */
  static final Fact<List<Jvm>> JVMS =
      new ScriptFact<>(
          "linux_jvm_large_pages",
          "for d in /proc/[0-9]*; do"
              + " tr '\\0' ' ' < \"$d/cmdline\" 2>/dev/null | grep -q -- '-XX:+UseLargePages' || continue;"
              + " kb=$(awk '/^(Private|Shared)_Hugetlb:/ { s += $2 } END { print s + 0 }'"
              + " \"$d/smaps_rollup\" 2>/dev/null);"
              + " sz=$(tr '\\0' '\\n' < \"$d/cmdline\" 2>/dev/null"
              + " | sed -n 's/^-XX:LargePageSizeInBytes=//p' | tail -n 1);"
              + " [ \"${kb:-0}\" -gt 0 ] && printf '%s\\t%s\\t%s\\n' \"${d#/proc/}\" \"$((kb * 1024))\""
              + " \"$sz\";"
              + " done; true",
          r -> parse(r.stdout()));

  /**
   * One JVM using huge pages today.
   *
   * @param namedPageBytes the size {@code -XX:LargePageSizeInBytes} names, 0 when it names none
   */
  record Jvm(long pid, long bytes, long namedPageBytes) {}

  static List<Jvm> parse(String output) {
    List<Jvm> out = new ArrayList<>();
    for (String line : output.split("\n")) {
      String[] f = line.strip().split("\t");
      if (f.length >= 2 && f[0].matches("\\d{1,10}") && f[1].matches("\\d{1,18}")) {
        long bytes = Long.parseLong(f[1]);
        long named = f.length > 2 ? PageSize.parse(f[2]).map(PageSize::bytes).orElse(0L) : 0;
        if (bytes > 0) {
          out.add(new Jvm(Long.parseLong(f[0]), bytes, named));
        }
      }
    }
    return out;
  }

  @Override
  public String owner() {
    return "jvm";
  }

  @Override
  public List<HugePageConsumer> discover(HostState host, long pageBytes) {
    long dflt = host.fact(Meminfo.PAGES).hugepagesizeBytes().orElse(0);
    return consumers(host, j -> (j.namedPageBytes() > 0 ? j.namedPageBytes() : dflt) == pageBytes);
  }

  @Override
  public List<HugePageConsumer> namingSize(HostState host, long pageBytes) {
    return consumers(host, j -> j.namedPageBytes() == pageBytes);
  }

  private static List<HugePageConsumer> consumers(
      HostState host, java.util.function.Predicate<Jvm> uses) {
    List<HugePageConsumer> out = new ArrayList<>();
    for (Jvm jvm : host.fact(JVMS)) {
      if (uses.test(jvm)) {
        out.add(
            new HugePageConsumer(
                "jvm/" + jvm.pid(),
                jvm.bytes(),
                jvm.namedPageBytes() > 0
                    ? "-XX:+UseLargePages -XX:LargePageSizeInBytes="
                        + new PageSize(jvm.namedPageBytes())
                        + ", Hugetlb in smaps today"
                    : "-XX:+UseLargePages, Hugetlb in smaps today"));
      }
    }
    return out;
  }
}
