package io.pagetune.error;

import java.util.Collection;
import java.util.Optional;

/** "did you mean" for names the user mistyped (modules, arguments, keywords). */
public final class Suggestions {
  private Suggestions() {}

  public static Optional<String> closest(String given, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d =
          distance(
              given.toLowerCase(java.util.Locale.ROOT),
              candidate.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    int allowed = Math.max(2, given.length() / 3);
    return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  /** Appends "; did you mean 'x'?" when a close name exists. */
  public static String didYouMean(String given, Collection<String> known) {
    return closest(given, known).map(s -> "; did you mean '" + s + "'?").orElse("");
  }

  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
