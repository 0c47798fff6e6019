package io.pagetune.targets.sap;

import io.pagetune.pages.AuditStamp;
import io.pagetune.pages.TextEdit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Pure editor for "ensure LDR_CNTRL options" in a SAP profile (domain.md §1.6): reuse the one
 * active {@code SETENV_<nn>} that sets {@code LDR_CNTRL} (merging, so other options such as MAXDATA
 * survive) or add {@code SETENV_<next>}; write an audit comment above the changed line; leave
 * comments and every other byte alone.
 */
final class SapProfileEdit {
  static final String VARIABLE = "LDR_CNTRL";

  private SapProfileEdit() {}

  public static TextEdit ensureLdrCntrl(String profileText, LdrCntrl desired, AuditStamp stamp) {
    List<String> problems = desired.problems();
    if (!problems.isEmpty()) {
      return new TextEdit.Refused("invalid LDR_CNTRL options: " + String.join("; ", problems));
    }
    SapProfile profile = SapProfile.parse(profileText);
    SetenvEntries entries = SetenvEntries.of(profile);
    Map<String, List<SetenvEntry>> ambiguous = entries.ambiguous();
    if (ambiguous.containsKey(VARIABLE)) {
      return new TextEdit.Refused(
          "ambiguous: "
              + VARIABLE
              + " is set by several active lines ("
              + describe(ambiguous.get(VARIABLE))
              + "); keep one by hand");
    }
    List<SetenvEntry> existing = entries.forVariable(VARIABLE);
    if (!existing.isEmpty()) {
      return mergeInto(profile, existing.get(0), desired, stamp);
    }
    return addLine(profile, entries, desired, stamp);
  }

  private static TextEdit mergeInto(
      SapProfile profile, SetenvEntry entry, LdrCntrl desired, AuditStamp stamp) {
    LdrCntrl current = LdrCntrl.parse(entry.value());
    String key = entry.line().key();
    if (current.satisfies(desired)) {
      return new TextEdit.Unchanged(
          key + " (line " + entry.line().number() + ") already sets " + VARIABLE + "=" + current);
    }
    LdrCntrl merged = current.mergedWith(desired);
    String summary = key + ": " + VARIABLE + " " + current + " -> " + merged;
    return replaceSetenv(profile, entry, VARIABLE + "=" + merged.render(), summary, stamp);
  }

  /**
   * {@code entry}'s line with its value replaced by {@code newValue} ({@code VAR=value}), an audit
   * comment carrying {@code summary} above it; every other byte as it was.
   */
  public static TextEdit.Changed replaceSetenv(
      SapProfile profile, SetenvEntry entry, String newValue, String summary, AuditStamp stamp) {
    String newText = entry.line().textWithValue(newValue);
    List<String> out = new ArrayList<>();
    for (ProfileLine l : profile.lines()) {
      if (l.number() == entry.line().number()) {
        out.add(stamp.comment(summary) + terminatorFor(l, profile));
        out.add(newText + l.terminator());
      } else {
        out.add(l.text() + l.terminator());
      }
    }
    return new TextEdit.Changed(String.join("", out), summary);
  }

  private static TextEdit addLine(
      SapProfile profile, SetenvEntries entries, LdrCntrl desired, AuditStamp stamp) {
    OptionalInt next = entries.nextFreeIndex();
    if (next.isEmpty()) {
      return new TextEdit.Refused(
          "no free SETENV index: an active SETENV_" + SetenvEntries.MAX_INDEX + " exists");
    }
    String line = SetenvEntries.key(next.getAsInt()) + " = " + VARIABLE + "=" + desired.render();
    return addSetenv(
        profile, next.getAsInt(), VARIABLE + "=" + desired.render(), "added " + line, stamp);
  }

  /**
   * {@code SETENV_<index> = <value>} added after the profile's highest-numbered SETENV line (else
   * at the end), an audit comment carrying {@code summary} above it; every other byte as it was.
   */
  public static TextEdit.Changed addSetenv(
      SapProfile profile, int index, String value, String summary, AuditStamp stamp) {
    SetenvEntries entries = SetenvEntries.of(profile);
    String line = SetenvEntries.key(index) + " = " + value;
    String nl = profile.dominantTerminator();
    // after the highest-numbered SETENV line, so the block stays readable; else at the end
    int after =
        entries.active().stream()
            .max(Comparator.comparingInt(SetenvEntry::index))
            .map(e -> e.line().number())
            .orElse(profile.lines().size());
    StringBuilder sb = new StringBuilder();
    for (ProfileLine l : profile.lines()) {
      sb.append(l.text());
      if (l.number() == after) {
        sb.append(l.terminator().isEmpty() ? nl : l.terminator());
        sb.append(stamp.comment(summary)).append(nl).append(line);
        // a line we add at the very end gets a newline: SAP wants profiles to end with one
        sb.append(l.number() == profile.lines().size() ? nl : l.terminator());
      } else {
        sb.append(l.terminator());
      }
    }
    if (after == 0) {
      sb.append(stamp.comment(summary)).append(nl).append(line).append(nl);
    }
    return new TextEdit.Changed(sb.toString(), summary);
  }

  private static String terminatorFor(ProfileLine l, SapProfile profile) {
    return l.terminator().isEmpty() ? profile.dominantTerminator() : l.terminator();
  }

  private static String describe(List<SetenvEntry> entries) {
    return entries.stream()
        .map(e -> e.line().key() + " at line " + e.line().number())
        .collect(Collectors.joining(", "));
  }
}
