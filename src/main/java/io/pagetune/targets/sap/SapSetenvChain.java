package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * The {@code SETENV_<nn>} parameters one SAP instance really gets (domain.md §5a): the profiles of
 * its chain are read in order ({@code DEFAULT.PFL}, then the instance or start profile), and a
 * {@code SETENV_nn} of a later profile replaces the {@code SETENV_nn} of the same number from an
 * earlier one, whatever variable either sets. sapstart then exports the winners in ascending
 * number, so when two numbers set the same variable the higher number is what the process sees.
 */
record SapSetenvChain(List<Link> links) {
  public SapSetenvChain {
    links = List.copyOf(links);
  }

  /** One profile of the chain, named as the plan names it (a file name). */
  record Link(String source, SapProfile profile) {}

  /** An active SETENV line and the profile it is in. */
  record Sourced(String source, SetenvEntry entry) {
    /** {@code DEFAULT.PFL SETENV_00}. */
    public String describe() {
      return source + " " + entry.line().key();
    }
  }

  /** A SETENV line of an earlier profile that a later profile's line of the same number hides. */
  record Shadowed(Sourced hidden, Sourced by) {}

  public static SapSetenvChain of(Link... links) {
    return new SapSetenvChain(List.of(links));
  }

  /** The winning line per number, in ascending number. */
  public Map<Integer, Sourced> resolved() {
    Map<Integer, Sourced> out = new TreeMap<>();
    for (Link l : links) {
      for (SetenvEntry e : SetenvEntries.of(l.profile()).active()) {
        out.put(e.index(), new Sourced(l.source(), e)); // a later line of the same number wins
      }
    }
    return out;
  }

  /** What {@code variable} ends up as: the highest-numbered winning line that sets it. */
  public Optional<Sourced> winner(String variable) {
    Sourced found = null;
    for (Sourced s : resolved().values()) {
      if (s.entry().variable().equals(variable)) {
        found = s;
      }
    }
    return Optional.ofNullable(found);
  }

  /** Lines setting {@code variable} that a later profile's line of the same number replaces. */
  public List<Shadowed> shadowed(String variable) {
    List<Shadowed> out = new ArrayList<>();
    Map<Integer, Sourced> winners = resolved();
    for (Link l : links) {
      for (SetenvEntry e : SetenvEntries.of(l.profile()).active()) {
        Sourced w = winners.get(e.index());
        if (e.variable().equals(variable) && !w.source().equals(l.source())) {
          out.add(new Shadowed(new Sourced(l.source(), e), w));
        }
      }
    }
    return out;
  }

  /** The highest active number in any profile of the chain, if any. */
  public OptionalInt highestIndex() {
    return links.stream()
        .flatMap(l -> SetenvEntries.of(l.profile()).active().stream())
        .mapToInt(SetenvEntry::index)
        .max();
  }
}
