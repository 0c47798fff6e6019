package io.pagetune.targets.solaris;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.OptionalInt;

/** {@code isainfo -b}: the bits of the native address space (32 or 64) of the Solaris kernel. */
record IsainfoBits(OptionalInt bits) {
  public static IsainfoBits parse(String output) {
    String t = output.strip();
    if (t.equals("64") || t.equals("32")) {
      return new IsainfoBits(OptionalInt.of(Integer.parseInt(t)));
    }
    return new IsainfoBits(OptionalInt.empty());
  }

  public static Fact<IsainfoBits> fact() {
    return new ScriptFact<>("isainfo_bits", "isainfo -b", r -> parse(r.stdout()));
  }
}
