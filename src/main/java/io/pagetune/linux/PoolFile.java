package io.pagetune.linux;

import io.pagetune.linux.sysctl.SysctlAssignment;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pool's sysctl file, which every module that writes the pool shares: its key ({@code
 * vm.nr_hugepages}, the default size's pool; kernel Documentation/admin-guide/mm/hugetlbpage.rst),
 * the text pagetune renders (a header naming the module, lines about the pool such as one share per
 * consumer, the pool, then the other keys a module keeps beside it), and the edit of a file another
 * module or the user also keeps other keys in ({@code vm.hugetlb_shm_group}): only the pool's value
 * changes there, so two modules do not take turns rewriting the file.
 */
public final class PoolFile {
  /** The sysctl key of the next boot's default-size pool. */
  public static final String KEY = "vm.nr_hugepages";

  private PoolFile() {}

  /**
   * pagetune's own text of the file.
   *
   * @param module the module that renders it, named in the header
   * @param about comment lines on the pool, without their {@code #}
   * @param others the keys kept beside the pool, in order
   */
  public static String text(String module, List<String> about, long pages, Map<String, ?> others) {
    StringBuilder out =
        new StringBuilder("# Managed by pagetune (" + module + "); do not edit by hand.\n");
    for (String line : about) {
      out.append("# ").append(line).append('\n');
    }
    out.append(line(KEY, pages));
    others.forEach((k, v) -> out.append(line(k, v)));
    return out.toString();
  }

  /** The shares of the pool as comment lines: a title, then one indented line per consumer. */
  public static List<String> shares(PoolPlan pool) {
    List<String> about =
        new ArrayList<>(List.of("The host's huge-page pool, one share per consumer:"));
    pool.breakdown().forEach(b -> about.add("  " + b));
    return about;
  }

  /**
   * The file a module leaves: {@code rendered} when {@code now} sets no other key than the pool,
   * else {@code now} with only the pool's value changed in place (appended where it is missing).
   */
  public static String wanted(String now, String rendered, long pages) {
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
      text = text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + line(KEY, pages);
    }
    return text;
  }

  private static String line(String key, Object value) {
    return key + " = " + value + "\n";
  }

  private static boolean setsOtherKeys(String text) {
    return text.lines().map(PoolFile::key).anyMatch(k -> k.isPresent() && !k.get().equals(KEY));
  }

  /** The key a line assigns, as boot's sysctl reads it ({@link SysctlPrecedence#parseLine}). */
  private static Optional<String> key(String line) {
    return SysctlPrecedence.parseLine("", 0, line).map(SysctlAssignment::key);
  }
}
