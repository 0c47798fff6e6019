package io.pagetune.compat;

import java.util.List;

/**
 * How one corpus entry (a task file, a role or an expression) came out: equal in both tools,
 * refused by pagetune when it loaded (with its message), or a silent difference (what differed).
 */
record Verdict(String id, Kind kind, String refusal, List<String> differences) {
  enum Kind {
    EQUAL,
    REFUSED,
    SILENT_DIFFERENCE
  }

  static Verdict equal(String id) {
    return new Verdict(id, Kind.EQUAL, null, List.of());
  }

  static Verdict refused(String id, String message) {
    return new Verdict(id, Kind.REFUSED, message, List.of());
  }

  static Verdict of(String id, List<String> differences) {
    return differences.isEmpty()
        ? equal(id)
        : new Verdict(id, Kind.SILENT_DIFFERENCE, null, List.copyOf(differences));
  }
}
