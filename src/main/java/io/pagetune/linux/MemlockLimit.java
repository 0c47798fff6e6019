package io.pagetune.linux;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/** One memlock limit in kB, or unlimited; {@link #parse} is empty for anything else. */
public record MemlockLimit(OptionalLong kb) {
  public static final MemlockLimit UNLIMITED = new MemlockLimit(OptionalLong.empty());

  public static Optional<MemlockLimit> parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.equals("unlimited") || t.equals("infinity") || t.equals("-1")) {
      return Optional.of(UNLIMITED);
    }
    try {
      long v = Long.parseLong(t);
      return v < 0 ? Optional.empty() : Optional.of(new MemlockLimit(OptionalLong.of(v)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  public boolean unlimited() {
    return kb.isEmpty();
  }

  /** True when at least {@code neededKb} can be locked. */
  public boolean atLeast(long neededKb) {
    return unlimited() || kb.getAsLong() >= neededKb;
  }

  @Override
  public String toString() {
    return unlimited() ? "unlimited" : Long.toString(kb.getAsLong());
  }
}
