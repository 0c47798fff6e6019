package io.pagetune.linux;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * Whether a consumer's owner gets the memlock a huge-page pool needs. Persisted: what the starter
 * gives at the next start: the systemd unit that runs the consumer (its {@code LimitMEMLOCK=} and
 * drop-ins, else the manager's default; pam_limits only on top of a unit with {@code PAMName=}), or
 * pam_limits for a consumer started from a login. Effective: the running processes' own {@code
 * /proc/<pid>/limits}; a consumer not running gets what its starter gives (a fresh login for one
 * started by hand).
 */
public record ConsumerMemlock(
    boolean persisted,
    String persistedValue,
    boolean effective,
    String effectiveValue,
    List<String> reasons) {
  /** systemd's built-in default is at most this (8 MiB), far below any pool. */
  private static final long BUILT_IN_MAX_KB = 8192;

  public ConsumerMemlock {
    reasons = List.copyOf(reasons);
  }

  public static ConsumerMemlock judge(
      MemlockStart start,
      PamLimitsPrecedence.Memlock pam,
      long neededKb,
      Supplier<MemlockLimits> freshLogin) {
    List<String> reasons = new ArrayList<>();
    Optional<String> unit = start.unit();
    MemlockLimits next;
    String how;
    if (unit.isPresent()) {
      SystemdMemlock.Setting s = SystemdMemlock.of(unit.get(), start.systemd());
      next = s.limits().orElse(new MemlockLimits(builtIn(), builtIn()));
      how = "systemd unit " + unit.get() + ": " + s.describe();
      if (s.pamName().isPresent()) {
        next = pamOnTop(next, pam);
        how += "; PAMName=" + s.pamName().get() + ", pam_limits " + pam.describe();
      } else {
        reasons.add(
            "the database is started by "
                + unit.get()
                + ", which has no PAMName=: limits.conf does not apply to it");
      }
    } else {
      next = capped(pam.soft().map(l -> l.limit()), pam.hard().map(l -> l.limit()));
      how = pam.describe();
    }
    boolean persisted = next.atLeast(neededKb);
    if (!persisted) {
      reasons.add(
          (unit.isPresent() ? how : "a login (pam_limits) gets " + how)
              + ", below the "
              + neededKb
              + " kB needed");
    }
    List<MemlockStart.Running> live =
        start.running().stream().filter(r -> r.limits().isPresent()).toList();
    if (!live.isEmpty()) {
      return running(start.user(), live, neededKb, persisted, how, reasons);
    }
    if (unit.isPresent()) {
      return new ConsumerMemlock(
          persisted, how, persisted, "not running; its next start gets " + describe(next), reasons);
    }
    MemlockLimits login = freshLogin.get();
    boolean effective = login.atLeast(neededKb);
    if (!effective) {
      reasons.add(
          "a fresh login of "
              + start.user()
              + " gets "
              + describe(login)
              + ", below "
              + neededKb
              + " kB");
    }
    return new ConsumerMemlock(
        persisted, how, effective, "su - " + start.user() + ": " + describe(login), reasons);
  }

  /** What the running processes show: the one with the smallest soft limit decides. */
  private static ConsumerMemlock running(
      String user,
      List<MemlockStart.Running> live,
      long neededKb,
      boolean persisted,
      String how,
      List<String> reasons) {
    // the process with the smallest soft limit decides: it is the one that fails first
    MemlockStart.Running least =
        live.stream()
            .min(java.util.Comparator.comparingLong(r -> kb(r.limits().get())))
            .orElseThrow();
    boolean effective = least.limits().get().atLeast(neededKb);
    String value =
        "pid "
            + least.pid()
            + " ("
            + least.unit().orElse("login session")
            + "): "
            + describe(least.limits().get());
    if (!effective) {
      reasons.add(
          user
              + "'s running process "
              + value
              + ", below "
              + neededKb
              + " kB; it keeps"
              + " this until it restarts");
    }
    return new ConsumerMemlock(persisted, how, effective, value, reasons);
  }

  /** pam_limits sets only the items its lines name; the soft limit never exceeds the hard. */
  private static MemlockLimits pamOnTop(MemlockLimits unit, PamLimitsPrecedence.Memlock pam) {
    return capped(
        pam.soft().map(l -> l.limit()).or(unit::soft),
        pam.hard().map(l -> l.limit()).or(unit::hard));
  }

  /** The kernel keeps the soft limit at most the hard one. */
  static MemlockLimits capped(Optional<MemlockLimit> soft, Optional<MemlockLimit> hard) {
    if (soft.isPresent() && hard.isPresent() && !hard.get().unlimited()) {
      long h = hard.get().kb().getAsLong();
      if (soft.get().unlimited() || soft.get().kb().getAsLong() > h) {
        return new MemlockLimits(hard, hard);
      }
    }
    return new MemlockLimits(soft, hard);
  }

  private static Optional<MemlockLimit> builtIn() {
    return Optional.of(new MemlockLimit(OptionalLong.of(BUILT_IN_MAX_KB)));
  }

  private static long kb(MemlockLimits l) {
    return l.soft().filter(s -> !s.unlimited()).map(s -> s.kb().getAsLong()).orElse(Long.MAX_VALUE);
  }

  static String describe(MemlockLimits l) {
    return "soft "
        + l.soft().map(MemlockLimit::toString).orElse("unknown")
        + ", hard "
        + l.hard().map(MemlockLimit::toString).orElse("unknown");
  }
}
