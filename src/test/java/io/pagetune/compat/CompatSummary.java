package io.pagetune.compat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The summary of a differential run: per corpus part, how many entries came out equal, refused and
 * silently different (with percentages), the refusals grouped by reason, every refusal's message
 * and every silent difference.
 */
final class CompatSummary {
  private CompatSummary() {}

  static String of(String ansibleVersion, List<Verdict> files, List<Verdict> expressions) {
    StringBuilder s = new StringBuilder();
    s.append("pagetune vs ").append(ansibleVersion).append('\n');
    counts(s, "task files and roles", files, 90);
    counts(s, "expressions", expressions, 95);
    reasons(s, "task files and roles", files);
    reasons(s, "expressions", expressions);
    details(s, "SILENT DIFFERENCES", files, expressions, Verdict.Kind.SILENT_DIFFERENCE);
    details(s, "REFUSED", files, expressions, Verdict.Kind.REFUSED);
    return s.toString();
  }

  static long count(List<Verdict> verdicts, Verdict.Kind kind) {
    return verdicts.stream().filter(v -> v.kind() == kind).count();
  }

  private static void counts(StringBuilder s, String what, List<Verdict> v, int goal) {
    long equal = count(v, Verdict.Kind.EQUAL);
    long refused = count(v, Verdict.Kind.REFUSED);
    long silent = count(v, Verdict.Kind.SILENT_DIFFERENCE);
    s.append(
        String.format(
            "%s: %d — EQUAL %d (%.1f %%, goal %d %%), REFUSED %d (%.1f %%), SILENT DIFFERENCE %d"
                + " (%.1f %%)%n",
            what,
            v.size(),
            equal,
            percent(equal, v.size()),
            goal,
            refused,
            percent(refused, v.size()),
            silent,
            percent(silent, v.size())));
  }

  private static double percent(long n, int of) {
    return of == 0 ? 0 : 100.0 * n / of;
  }

  /** A refusal's reason: its message without the place and the quoted expression. */
  static String reason(String message) {
    return message
        .lines()
        .findFirst()
        .orElse("")
        .replaceAll("^exit (\\d+): \\S+:\\d+:\\d+: ", "exit $1: ")
        .replaceAll(
            "Jinja2 syntax .* is not evaluated by pagetune.*", "Jinja2 syntax is not evaluated")
        .replaceAll("'[^']*'", "'…'")
        .replaceAll("\\$\\{.*?\\}", "\\${…}")
        .replaceAll("^(exit \\d+: )[A-Za-z_][\\w.]*: ", "$1");
  }

  private static void reasons(StringBuilder s, String what, List<Verdict> verdicts) {
    Map<String, Long> byReason =
        verdicts.stream()
            .filter(v -> v.kind() == Verdict.Kind.REFUSED)
            .collect(
                Collectors.groupingBy(
                    v -> reason(v.refusal()), TreeMap::new, Collectors.counting()));
    if (!byReason.isEmpty()) {
      s.append("\nrefusals of ").append(what).append(" by reason:\n");
      byReason.forEach((r, n) -> s.append(String.format("  %4d  %s%n", n, r)));
    }
  }

  private static void details(
      StringBuilder s,
      String title,
      List<Verdict> files,
      List<Verdict> expressions,
      Verdict.Kind kind) {
    s.append('\n').append(title).append(":\n");
    for (Verdict v : concat(files, expressions)) {
      if (v.kind() != kind) {
        continue;
      }
      s.append("- ").append(v.id()).append('\n');
      if (kind == Verdict.Kind.REFUSED) {
        s.append("    ").append(v.refusal().lines().findFirst().orElse("")).append('\n');
      }
      v.differences().forEach(d -> s.append("    ").append(d).append('\n'));
    }
  }

  private static List<Verdict> concat(List<Verdict> a, List<Verdict> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }
}
