package io.pagetune.linux;

import java.util.Optional;

/**
 * The memlock limits a running process has, from its {@code /proc/<pid>/limits} ({@code Max locked
 * memory 65536 65536 bytes}), in kB as limits.conf counts them: what a consumer already running
 * really got, whoever started it.
 */
public final class ProcLimits {
  private ProcLimits() {}

  /** Soft and hard memlock; empty when the text has no readable line. */
  public static Optional<MemlockLimits> memlock(String text) {
    for (String line : text.split("\n")) {
      if (!line.startsWith("Max locked memory")) {
        continue;
      }
      String[] w = line.substring("Max locked memory".length()).strip().split("\\s+");
      if (w.length < 2) {
        return Optional.empty();
      }
      Optional<MemlockLimit> soft = kb(w[0]);
      Optional<MemlockLimit> hard = kb(w[1]);
      return soft.isPresent() && hard.isPresent()
          ? Optional.of(new MemlockLimits(soft, hard))
          : Optional.empty();
    }
    return Optional.empty();
  }

  private static Optional<MemlockLimit> kb(String bytes) {
    if (bytes.equals("unlimited")) {
      return Optional.of(MemlockLimit.UNLIMITED);
    }
    try {
      return MemlockLimit.parse(Long.toString(Long.parseLong(bytes) / 1024));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
