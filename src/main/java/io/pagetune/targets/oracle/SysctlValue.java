package io.pagetune.targets.oracle;

import io.pagetune.facts.Fact;
import io.pagetune.linux.PoolFile;
import io.pagetune.pages.ScriptFact;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/** {@code sysctl -n <name>}: the value as printed, empty when the key does not exist. */
record SysctlValue(String name, Optional<String> value) {
  private static final Pattern NAME = Pattern.compile("[a-z0-9_]+(?:[./][a-z0-9_-]+)+");

  public static SysctlValue parse(String name, String output, boolean ok) {
    String v = output.strip();
    return new SysctlValue(name, ok && !v.isEmpty() ? Optional.of(v) : Optional.empty());
  }

  /** The value as an integer (nr_hugepages, hugetlb_shm_group); empty when not one. */
  public OptionalLong asLong() {
    if (value.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(value.get()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  public static Fact<SysctlValue> fact(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("not a sysctl name: " + name);
    }
    return new ScriptFact<>(
        "sysctl_" + name, "sysctl -n " + name, r -> parse(name, r.stdout(), r.ok()));
  }

  public static Fact<SysctlValue> nrHugepages() {
    return fact(PoolFile.KEY);
  }

  public static Fact<SysctlValue> hugetlbShmGroup() {
    return fact("vm.hugetlb_shm_group");
  }
}
