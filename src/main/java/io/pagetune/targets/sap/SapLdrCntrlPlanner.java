package io.pagetune.targets.sap;

import io.pagetune.pages.AuditStamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Plans {@code LDR_CNTRL} for every instance of a SAP system through its profile chain (domain.md
 * §5a): what each instance gets today is the highest-numbered winning {@code SETENV_nn} that sets
 * {@code LDR_CNTRL} across {@code DEFAULT.PFL} and its instance (or start) profile.
 *
 * <ul>
 *   <li>When every instance takes {@code DEFAULT.PFL}'s line, that line is merged: one edit, and
 *       its other options (MAXDATA…) stay.
 *   <li>Otherwise an instance whose own line wins has it merged; an instance that takes {@code
 *       DEFAULT.PFL}'s line gets its own line with those options kept; an instance with none gets a
 *       new one. A new line takes the next number unused across {@code DEFAULT.PFL} and the
 *       instance's profiles, so it never silently replaces a {@code DEFAULT.PFL} entry.
 * </ul>
 *
 * Pure: profile texts in, new texts and the per-instance persisted state out.
 */
final class SapLdrCntrlPlanner {
  public static final String DEFAULT_PFL = "DEFAULT.PFL";
  static final String VARIABLE = "LDR_CNTRL";

  private SapLdrCntrlPlanner() {}

  /** Per instance: does the chain apply the desired options today, and what it applies. */
  record InstanceState(
      String instance, boolean persisted, String persistedValue, List<String> notes) {
    public InstanceState {
      notes = List.copyOf(notes);
    }
  }

  /**
   * @param newTexts the changed profiles (file name → full new text), in plan order
   * @param changes one line per changed profile, saying what and why
   * @param instances the state before the change, one per instance
   * @param refusal set when the plan must not touch anything
   */
  record Result(
      Map<String, String> newTexts,
      List<String> changes,
      List<InstanceState> instances,
      Optional<String> refusal) {
    public Result {
      newTexts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(newTexts));
      changes = List.copyOf(changes);
      instances = List.copyOf(instances);
    }

    static Result refused(String why) {
      return new Result(Map.of(), List.of(), List.of(), Optional.of(why));
    }

    public boolean persisted() {
      return instances.stream().allMatch(InstanceState::persisted);
    }
  }

  /**
   * @param texts every profile's text by file name: {@code DEFAULT.PFL} (absent when the system has
   *     none) and the files of {@code instances}
   */
  public static Result plan(
      LdrCntrl desired,
      List<SapInstanceProfiles> instances,
      Map<String, String> texts,
      AuditStamp stamp) {
    Map<String, SapProfile> profiles = new LinkedHashMap<>();
    texts.forEach((name, text) -> profiles.put(name, SapProfile.parse(text)));
    Optional<String> ambiguous = ambiguity(profiles);
    if (ambiguous.isPresent()) {
      return Result.refused(ambiguous.get());
    }
    Optional<SapProfile> defaults = Optional.ofNullable(profiles.get(DEFAULT_PFL));
    Map<String, SapSetenvChain> chains = new LinkedHashMap<>();
    for (SapInstanceProfiles i : instances) {
      for (String f : i.files()) {
        List<SapSetenvChain.Link> links = new ArrayList<>();
        defaults.ifPresent(d -> links.add(new SapSetenvChain.Link(DEFAULT_PFL, d)));
        links.add(new SapSetenvChain.Link(f, profiles.get(f)));
        chains.put(f, new SapSetenvChain(links));
      }
    }
    List<InstanceState> states = new ArrayList<>();
    for (SapInstanceProfiles i : instances) {
      states.add(state(i, chains, desired));
    }
    Edits edits = new Edits(desired, profiles, stamp);
    Optional<SetenvEntry> defaultLine =
        defaults.flatMap(d -> SetenvEntries.of(d).forVariable(VARIABLE).stream().findFirst());
    boolean allTakeDefault =
        defaultLine.isPresent()
            && !chains.isEmpty()
            && chains.values().stream()
                .allMatch(
                    c ->
                        c.winner(VARIABLE).filter(w -> w.source().equals(DEFAULT_PFL)).isPresent());
    if (allTakeDefault) {
      edits.mergeDefault(defaultLine.get(), instances);
      return new Result(edits.newTexts, edits.changes, states, Optional.empty());
    }
    for (SapInstanceProfiles i : instances) {
      OptionalInt highest = highestIndex(i, defaults, profiles);
      for (String f : i.files()) {
        Optional<String> refusal = edits.instanceFile(i, f, chains.get(f), highest);
        if (refusal.isPresent()) {
          return Result.refused(refusal.get());
        }
      }
    }
    return new Result(edits.newTexts, edits.changes, states, Optional.empty());
  }

  /** Why no profile may be edited: one that sets LDR_CNTRL on several active lines. */
  private static Optional<String> ambiguity(Map<String, SapProfile> profiles) {
    for (Map.Entry<String, SapProfile> p : profiles.entrySet()) {
      List<SetenvEntry> twice = SetenvEntries.of(p.getValue()).ambiguous().get(VARIABLE);
      if (twice != null) {
        return Optional.of(
            p.getKey()
                + ": ambiguous: "
                + VARIABLE
                + " is set by several active lines ("
                + String.join(
                    ", ",
                    twice.stream()
                        .map(e -> e.line().key() + " at line " + e.line().number())
                        .toList())
                + "); keep one by hand");
      }
    }
    return Optional.empty();
  }

  /** The profiles' new texts and what each change does, gathered edit by edit. */
  private static final class Edits {
    private final LdrCntrl desired;
    private final Map<String, SapProfile> profiles;
    private final AuditStamp stamp;
    private final Map<String, String> newTexts = new LinkedHashMap<>();
    private final List<String> changes = new ArrayList<>();

    Edits(LdrCntrl desired, Map<String, SapProfile> profiles, AuditStamp stamp) {
      this.desired = desired;
      this.profiles = profiles;
      this.stamp = stamp;
    }

    /** Every instance takes DEFAULT.PFL's line: that one line is merged. */
    void mergeDefault(SetenvEntry defaultLine, List<SapInstanceProfiles> instances) {
      LdrCntrl current = LdrCntrl.parse(defaultLine.value());
      if (current.satisfies(desired)) {
        return;
      }
      LdrCntrl merged = current.mergedWith(desired);
      String summary =
          defaultLine.line().key()
              + ": "
              + VARIABLE
              + " "
              + current
              + " -> "
              + merged
              + " (every instance takes "
              + DEFAULT_PFL
              + "'s line: "
              + String.join(", ", instances.stream().map(SapInstanceProfiles::instance).toList())
              + ")";
      replace(DEFAULT_PFL, defaultLine, merged, summary);
    }

    /**
     * One profile of an instance: its own winning line merged, or a new line that keeps what it
     * takes from DEFAULT.PFL today. Returns the refusal when no SETENV number is free.
     */
    Optional<String> instanceFile(
        SapInstanceProfiles i, String f, SapSetenvChain chain, OptionalInt highest) {
      Optional<SapSetenvChain.Sourced> winner = chain.winner(VARIABLE);
      LdrCntrl current = winner.map(w -> LdrCntrl.parse(w.entry().value())).orElse(null);
      if (current != null && current.satisfies(desired)) {
        return Optional.empty();
      }
      if (winner.isPresent() && winner.get().source().equals(f)) {
        LdrCntrl merged = current.mergedWith(desired);
        String summary =
            winner.get().entry().line().key() + ": " + VARIABLE + " " + current + " -> " + merged;
        replace(f, winner.get().entry(), merged, summary);
        return Optional.empty();
      }
      int next = highest.orElse(-1) + 1;
      if (next > SetenvEntries.MAX_INDEX) {
        return Optional.of(
            f
                + ": no free SETENV index: an active SETENV_"
                + SetenvEntries.MAX_INDEX
                + " exists in "
                + DEFAULT_PFL
                + " or the profiles of "
                + i.instance());
      }
      LdrCntrl value = current == null ? desired : current.mergedWith(desired);
      String line = SetenvEntries.key(next) + " = " + VARIABLE + "=" + value.render();
      String summary = "added " + line;
      if (current != null) {
        summary += " (keeps " + current + " of " + winner.get().describe() + ")";
      }
      for (SapSetenvChain.Shadowed hidden : chain.shadowed(VARIABLE)) {
        summary +=
            " ("
                + hidden.hidden().describe()
                + " "
                + VARIABLE
                + "="
                + hidden.hidden().entry().value()
                + " does not reach "
                + i.instance()
                + ": "
                + hidden.by().describe()
                + " replaces it)";
      }
      newTexts.put(
          f,
          SapProfileEdit.addSetenv(
                  profiles.get(f), next, VARIABLE + "=" + value.render(), summary, stamp)
              .newText());
      changes.add(f + ": " + summary);
      return Optional.empty();
    }

    private void replace(String file, SetenvEntry line, LdrCntrl merged, String summary) {
      newTexts.put(
          file,
          SapProfileEdit.replaceSetenv(
                  profiles.get(file), line, VARIABLE + "=" + merged.render(), summary, stamp)
              .newText());
      changes.add(file + ": " + summary);
    }
  }

  /** The highest SETENV number in DEFAULT.PFL and any profile of the instance. */
  private static OptionalInt highestIndex(
      SapInstanceProfiles i, Optional<SapProfile> defaults, Map<String, SapProfile> profiles) {
    List<SapSetenvChain.Link> links = new ArrayList<>();
    defaults.ifPresent(d -> links.add(new SapSetenvChain.Link(DEFAULT_PFL, d)));
    for (String f : i.files()) {
      links.add(new SapSetenvChain.Link(f, profiles.get(f)));
    }
    return new SapSetenvChain(links).highestIndex();
  }

  private static InstanceState state(
      SapInstanceProfiles i, Map<String, SapSetenvChain> chains, LdrCntrl desired) {
    boolean persisted = true;
    List<String> values = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (String f : i.files()) {
      SapSetenvChain chain = chains.get(f);
      Optional<SapSetenvChain.Sourced> w = chain.winner(VARIABLE);
      String prefix = i.files().size() > 1 ? f + ": " : "";
      if (w.isEmpty()) {
        values.add(prefix + "(none)");
        notes.add(i.instance() + ": no SETENV sets " + VARIABLE + " for " + f);
        persisted = false;
      } else {
        LdrCntrl v = LdrCntrl.parse(w.get().entry().value());
        values.add(prefix + VARIABLE + "=" + v + " (" + w.get().describe() + ")");
        if (!v.satisfies(desired)) {
          persisted = false;
          notes.add(
              i.instance()
                  + ": "
                  + w.get().describe()
                  + " sets "
                  + VARIABLE
                  + "="
                  + v
                  + ", not "
                  + desired);
        }
      }
      for (SapSetenvChain.Shadowed s : chain.shadowed(VARIABLE)) {
        if (s.by().entry().variable().equals(VARIABLE)) {
          continue; // the instance overrides LDR_CNTRL on purpose: its own value is reported
        }
        notes.add(
            i.instance()
                + ": "
                + s.hidden().describe()
                + " ("
                + VARIABLE
                + "="
                + s.hidden().entry().value()
                + ") does not reach it: "
                + s.by().describe()
                + " ("
                + s.by().entry().variable()
                + ") replaces it, so its options are not kept");
      }
    }
    return new InstanceState(i.instance(), persisted, String.join("; ", values), notes);
  }
}
