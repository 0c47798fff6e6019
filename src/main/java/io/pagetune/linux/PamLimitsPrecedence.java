package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The memlock limits pam_limits gives a user at login (domain.md §5a): {@code
 * /etc/security/limits.conf}, then {@code /etc/security/limits.d/*.conf} in C locale order. For the
 * same item a line for the user beats one for {@code @group}, which beats {@code *}; among lines of
 * the same rank the later one wins.
 */
public final class PamLimitsPrecedence {
  public static final String LIMITS_CONF = "/etc/security/limits.conf";
  public static final String LIMITS_D = "/etc/security/limits.d";

  private final List<ConfFile> order;

  private PamLimitsPrecedence(List<ConfFile> order) {
    this.order = List.copyOf(order);
  }

  /** Orders the files the fact found (any order) as pam_limits reads them. */
  public static PamLimitsPrecedence of(List<ConfFile> files) {
    List<ConfFile> out = new ArrayList<>();
    files.stream().filter(f -> f.path().equals(LIMITS_CONF)).findFirst().ifPresent(out::add);
    files.stream()
        .filter(f -> f.directory().equals(LIMITS_D) && f.name().endsWith(".conf"))
        .sorted(Comparator.comparing(ConfFile::name))
        .forEach(out::add);
    return new PamLimitsPrecedence(out);
  }

  public List<ConfFile> order() {
    return order;
  }

  /** One memlock line that applies to the user, with its rank (0 user, 1 group, 2 {@code *}). */
  public record MemlockLine(MemlockLimit limit, String path, int line, int rank) {
    public String where() {
      return path + ":" + line;
    }
  }

  /** The soft and hard memlock a login of {@code user} (member of {@code groups}) gets. */
  public record Memlock(Optional<MemlockLine> soft, Optional<MemlockLine> hard) {
    /** Both set and at least {@code kb}; unlimited always is. */
    public boolean atLeast(long kb) {
      return soft.filter(l -> l.limit().atLeast(kb)).isPresent()
          && hard.filter(l -> l.limit().atLeast(kb)).isPresent();
    }

    public String describe() {
      return "soft "
          + soft.map(l -> l.limit() + " (" + l.where() + ")").orElse("not set")
          + ", hard "
          + hard.map(l -> l.limit() + " (" + l.where() + ")").orElse("not set");
    }
  }

  public Memlock memlock(String user, Set<String> groups) {
    Optional<MemlockLine> soft = Optional.empty();
    Optional<MemlockLine> hard = Optional.empty();
    for (ConfFile f : order) {
      String[] lines = f.text().split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        String t = lines[i];
        int hash = t.indexOf('#');
        if (hash >= 0) {
          t = t.substring(0, hash);
        }
        String[] w = t.strip().split("\\s+");
        if (w.length != 4 || !w[2].equals("memlock")) {
          continue;
        }
        int rank = rank(w[0], user, groups);
        Optional<MemlockLimit> v = MemlockLimit.parse(w[3]);
        if (rank < 0 || v.isEmpty()) {
          continue;
        }
        MemlockLine l = new MemlockLine(v.get(), f.path(), i + 1, rank);
        if (w[1].equals("soft") || w[1].equals("-")) {
          soft = wins(l, soft) ? Optional.of(l) : soft;
        }
        if (w[1].equals("hard") || w[1].equals("-")) {
          hard = wins(l, hard) ? Optional.of(l) : hard;
        }
      }
    }
    return new Memlock(soft, hard);
  }

  private static boolean wins(MemlockLine next, Optional<MemlockLine> now) {
    return now.isEmpty() || next.rank() <= now.get().rank();
  }

  private static int rank(String domain, String user, Set<String> groups) {
    if (domain.equals(user)) {
      return 0;
    }
    if (domain.startsWith("@") && groups.contains(domain.substring(1))) {
      return 1;
    }
    return domain.equals("*") ? 2 : -1;
  }

  /** The line with its limit value (4th field) replaced, spacing kept. */
  public static String replaceLimit(String text, int lineNo, String value) {
    String[] lines = text.split("\n", -1);
    String line = lines[lineNo - 1];
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("^(\\s*\\S+\\s+\\S+\\s+\\S+\\s+)(\\S+)(.*)$").matcher(line);
    if (m.matches()) {
      lines[lineNo - 1] = m.group(1) + value + m.group(3);
    }
    return String.join("\n", lines);
  }
}
