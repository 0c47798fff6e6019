package io.pagetune.linux;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.Optional;

/**
 * The soft and hard memlock limits of a user, from {@code ulimit -Sl; ulimit -Hl} in their login
 * shell, or from limits.conf lines ({@code oracle soft memlock 60397977}). Either may be unknown.
 */
public record MemlockLimits(Optional<MemlockLimit> soft, Optional<MemlockLimit> hard) {

  /** Two lines: soft, then hard. */
  public static MemlockLimits fromUlimit(String output) {
    String[] lines = output.strip().split("\\R");
    Optional<MemlockLimit> soft =
        lines.length > 0 ? MemlockLimit.parse(lines[0]) : Optional.empty();
    Optional<MemlockLimit> hard =
        lines.length > 1 ? MemlockLimit.parse(lines[1]) : Optional.empty();
    return new MemlockLimits(soft, hard);
  }

  /**
   * The memlock lines of limits.conf (or a limits.d file) that apply to {@code user}: their own
   * lines win over {@code *}; type {@code -} sets both; later lines override earlier ones.
   */
  public static MemlockLimits fromLimitsConf(String text, String user) {
    Optional<MemlockLimit> soft = Optional.empty();
    Optional<MemlockLimit> hard = Optional.empty();
    Optional<MemlockLimit> wildSoft = Optional.empty();
    Optional<MemlockLimit> wildHard = Optional.empty();
    for (String line : text.split("\\R")) {
      String t = line.strip();
      int hash = t.indexOf('#');
      if (hash >= 0) {
        t = t.substring(0, hash).strip();
      }
      String[] f = t.split("\\s+");
      if (f.length != 4 || !f[2].equals("memlock")) {
        continue;
      }
      Optional<MemlockLimit> v = MemlockLimit.parse(f[3]);
      if (v.isEmpty()) {
        continue;
      }
      boolean own = f[0].equals(user);
      if (!own && !f[0].equals("*")) {
        continue;
      }
      boolean s = f[1].equals("soft") || f[1].equals("-");
      boolean h = f[1].equals("hard") || f[1].equals("-");
      if (own) {
        soft = s ? v : soft;
        hard = h ? v : hard;
      } else {
        wildSoft = s ? v : wildSoft;
        wildHard = h ? v : wildHard;
      }
    }
    return new MemlockLimits(
        soft.isPresent() ? soft : wildSoft, hard.isPresent() ? hard : wildHard);
  }

  /** Both limits known and at least {@code neededKb}. */
  public boolean atLeast(long neededKb) {
    return soft.filter(l -> l.atLeast(neededKb)).isPresent()
        && hard.filter(l -> l.atLeast(neededKb)).isPresent();
  }

  /** {@code ulimit -Sl; ulimit -Hl} in the login shell of {@code user} (after limits apply). */
  public static Fact<MemlockLimits> ulimitFact(String user) {
    return new ScriptFact<>(
        "memlock_" + user,
        "su - " + ShellQuote.quote(user) + " -c 'ulimit -Sl; ulimit -Hl'",
        r -> fromUlimit(r.stdout()));
  }
}
