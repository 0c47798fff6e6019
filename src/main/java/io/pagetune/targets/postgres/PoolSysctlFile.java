package io.pagetune.targets.postgres;

import io.pagetune.linux.PoolPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pool's sysctl file as {@code postgres_hugepages} leaves it. The file is shared with {@code
 * oracle_hugepages}, which also keeps {@code vm.hugetlb_shm_group} in it: when the file sets other
 * keys than {@code vm.nr_hugepages}, only that one value is changed in place (nothing when it is
 * already right), so the two modules do not take turns rewriting it; otherwise the file is the
 * rendered text.
 */
final class PoolSysctlFile {
  private static final String KEY = "vm.nr_hugepages";

  private PoolSysctlFile() {}

  /** The file pagetune renders when the task gives no {@code sysctl_template}. */
  static String text(PoolPlan pool) {
    StringBuilder out =
        new StringBuilder(
            "# Managed by pagetune (postgres_hugepages); do not edit by hand.\n"
                + "# The host's huge-page pool, one share per consumer:\n");
    for (String line : pool.breakdown()) {
      out.append("#   ").append(line).append('\n');
    }
    return out.append("vm.nr_hugepages = ").append(pool.pages()).append('\n').toString();
  }

  static String wanted(String now, String rendered, long pages) {
    if (!setsOtherKeys(now)) {
      return rendered;
    }
    String value = Long.toString(pages);
    List<String> out = new ArrayList<>();
    boolean found = false;
    for (String line : now.split("\n", -1)) {
      if (key(line).filter(KEY::equals).isPresent()) {
        found = true;
        int eq = line.indexOf('=');
        String current = line.substring(eq + 1).strip();
        out.add(current.equals(value) ? line : line.substring(0, eq + 1) + " " + value);
      } else {
        out.add(line);
      }
    }
    String text = String.join("\n", out);
    if (!found) {
      text =
          text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + KEY + " = " + value + "\n";
    }
    return text;
  }

  private static boolean setsOtherKeys(String text) {
    return text.lines()
        .map(PoolSysctlFile::key)
        .anyMatch(k -> k.isPresent() && !k.get().equals(KEY));
  }

  /** The key a line assigns ({@code -} prefix and {@code /} separators allowed), if any. */
  private static Optional<String> key(String line) {
    String l = line.strip();
    if (l.isEmpty() || l.startsWith("#") || l.startsWith(";")) {
      return Optional.empty();
    }
    int eq = l.indexOf('=');
    if (eq <= 0) {
      return Optional.empty();
    }
    String k = l.substring(0, eq).strip();
    if (k.startsWith("-")) {
      k = k.substring(1).strip();
    }
    return Optional.of(k.replace('/', '.'));
  }
}
