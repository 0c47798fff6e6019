package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The active {@code SETENV_<nn>} lines of a profile. Commented-out lines never count: they neither
 * take an index nor set a variable (domain.md §1.6).
 */
record SetenvEntries(List<SetenvEntry> active) {
  /** The highest index SAP documents for numbered profile parameters. */
  public static final int MAX_INDEX = 99;

  private static final Pattern KEY = Pattern.compile("SETENV_(\\d+)", Pattern.CASE_INSENSITIVE);

  public SetenvEntries {
    active = List.copyOf(active);
  }

  public static SetenvEntries of(SapProfile profile) {
    List<SetenvEntry> out = new ArrayList<>();
    for (ProfileLine l : profile.parameters()) {
      Matcher m = KEY.matcher(l.key());
      if (!m.matches() || m.group(1).length() > 4) {
        continue;
      }
      String v = l.value();
      int eq = v.indexOf('=');
      String variable = (eq < 0 ? v : v.substring(0, eq)).strip();
      String value = eq < 0 ? "" : v.substring(eq + 1);
      out.add(new SetenvEntry(Integer.parseInt(m.group(1)), variable, value, l));
    }
    return new SetenvEntries(out);
  }

  /** Active entries that set {@code variable} (environment names are case sensitive). */
  public List<SetenvEntry> forVariable(String variable) {
    return active.stream().filter(e -> e.variable().equals(variable)).toList();
  }

  /** Variables set by more than one active line: ambiguous, to be fixed by a human. */
  public Map<String, List<SetenvEntry>> ambiguous() {
    Map<String, List<SetenvEntry>> byVar = new LinkedHashMap<>();
    for (SetenvEntry e : active) {
      byVar.computeIfAbsent(e.variable(), k -> new ArrayList<>()).add(e);
    }
    byVar.values().removeIf(l -> l.size() < 2);
    return byVar;
  }

  /** Highest active index + 1 ({@code 0} when there is none); empty when that would pass 99. */
  public OptionalInt nextFreeIndex() {
    int max = active.stream().mapToInt(SetenvEntry::index).max().orElse(-1);
    return max + 1 > MAX_INDEX ? OptionalInt.empty() : OptionalInt.of(max + 1);
  }

  /** {@code SETENV_07} for 7. */
  public static String key(int index) {
    if (index < 0 || index > MAX_INDEX) {
      throw new IllegalArgumentException("SETENV index out of range 00-99: " + index);
    }
    return String.format(Locale.ROOT, "SETENV_%02d", index);
  }
}
