package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.modules.HostState;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;

/**
 * JVMs started with {@code -XX:+UseLargePages} that map huge pages today (their smaps' {@code
 * Private_Hugetlb} + {@code Shared_Hugetlb}), as users of the default-size pool: a pool planned for
 * the databases alone would take their pages away at the next boot. One consumer per process,
 * {@code jvm/<pid>}, found again on each run (never recorded).
 */
public final class JvmLargePagesSource implements HugePageConsumerSource {
  /** Per JVM: {@code pid<TAB>hugetlb bytes}; read-only. */
  static final Fact<List<long[]>> JVMS =
      new ScriptFact<>(
          "linux_jvm_large_pages",
          "for d in /proc/[0-9]*; do"
              + " tr '\\0' ' ' < \"$d/cmdline\" 2>/dev/null | grep -q -- '-XX:+UseLargePages' || continue;"
              + " kb=$(awk '/^(Private|Shared)_Hugetlb:/ { s += $2 } END { print s + 0 }'"
              + " \"$d/smaps_rollup\" 2>/dev/null);"
              + " [ \"${kb:-0}\" -gt 0 ] && printf '%s\\t%s\\n' \"${d#/proc/}\" \"$((kb * 1024))\";"
              + " done; true",
          r -> parse(r.stdout()));

  static List<long[]> parse(String output) {
    List<long[]> out = new ArrayList<>();
    for (String line : output.split("\n")) {
      String[] f = line.strip().split("\t");
      if (f.length == 2 && f[0].matches("\\d{1,10}") && f[1].matches("\\d{1,18}")) {
        long bytes = Long.parseLong(f[1]);
        if (bytes > 0) {
          out.add(new long[] {Long.parseLong(f[0]), bytes});
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
    // -XX:+UseLargePages without LargePageSizeInBytes maps the default huge page size
    if (host.fact(Meminfo.PAGES).hugepagesizeBytes().orElse(0) != pageBytes) {
      return List.of();
    }
    List<HugePageConsumer> out = new ArrayList<>();
    for (long[] jvm : host.fact(JVMS)) {
      out.add(
          new HugePageConsumer(
              "jvm/" + jvm[0], jvm[1], "-XX:+UseLargePages, Hugetlb in smaps today"));
    }
    return out;
  }
}
