package io.pagetune.targets.oracle;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.facts.Fact;
import io.pagetune.linux.MemlockLimit;
import io.pagetune.linux.MemlockLimits;
import io.pagetune.linux.PoolFile;
import io.pagetune.linux.PoolOfSize;
import io.pagetune.linux.PoolReadBack;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageState;
import io.pagetune.schedule.RestartTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * After an apply that set the pool live ({@code runtime: true}): the pool read back. A full pool
 * makes the pool and the group effective and a fresh login shows each user's memlock; a short one
 * (fragmentation, page cache) fails the task and asks for a reboot instead of reporting success.
 */
final class LivePoolReadBack {
  private LivePoolReadBack() {}

  /**
   * @param desired the plan's desired values ({@code nr_hugepages}, consumers, memlock)
   */
  static Step.ReadBack of(Map<String, Object> desired, PoolOfSize size) {
    long wanted = ((Number) desired.get("nr_hugepages")).longValue();
    List<String> users =
        ((List<?>) desired.get("consumers")).stream().map(String::valueOf).toList();
    long neededKb = ((Number) desired.get("memlock_kb")).longValue();
    return Step.ReadBack.of(
        "read back " + PoolFile.KEY,
        (result, host) -> check(result, host, size, wanted, users, neededKb));
  }

  private static ApplyResult check(
      ApplyResult result,
      Step.ReadBack.Host host,
      PoolOfSize size,
      long wanted,
      List<String> users,
      long neededKb) {
    PoolReadBack check = PoolReadBack.read(host, size, wanted);
    OptionalLong actual = check.actual();
    if (check.ok()) {
      // the limits files were just written: a fresh login shows what the memlock is now
      Map<String, MemlockLimits> logins = new LinkedHashMap<>();
      for (String u : users) {
        Fact<MemlockLimits> loginFact = MemlockLimits.ulimitFact(u);
        logins.put(u, loginFact.parse(host.query(RemoteCommand.script(loginFact.script()))));
      }
      List<PageState> states = liveNow(result.pageStates(), logins, neededKb);
      boolean all = states.stream().allMatch(PageState::effective);
      return result
          .withData(Map.of("effective", all, "pending_restart", !all))
          .withPageStates(states);
    }
    return result
        .withRestart(
            new Step.RequestRestart(
                new RestartTarget(RestartTarget.REBOOT, host.name(), host.name()),
                "the live pool fell short; the sysctl file allocates it at boot"))
        .withData(
            Map.of(
                "effective",
                false,
                "pending_restart",
                true,
                "live_nr_hugepages",
                actual.isPresent() ? actual.getAsLong() : "unknown"))
        .withFailure(check.message() + "; reboot requested");
  }

  /** The plan's states once the pool and the group were set live and read back. */
  private static List<PageState> liveNow(
      List<PageState> planned, Map<String, MemlockLimits> logins, long neededKb) {
    List<PageState> out = new ArrayList<>();
    for (PageState p : planned) {
      PageState now = p;
      if (p.target().equals("oracle/hugepages") || p.target().equals("oracle/hugetlb_shm_group")) {
        // set live by this apply and read back
        now = live(p, true, p.desired() + " (set live)", false);
      }
      for (Map.Entry<String, MemlockLimits> login : logins.entrySet()) {
        if (p.target().equals("oracle/memlock/" + login.getKey())) {
          boolean enough = login.getValue().atLeast(neededKb);
          now =
              live(
                  p, enough, "su - " + login.getKey() + ": " + describe(login.getValue()), !enough);
        }
      }
      out.add(now);
    }
    return out;
  }

  private static PageState live(
      PageState p, boolean effective, String effectiveValue, boolean pendingRestart) {
    return new PageState(
        p.target(),
        p.desired(),
        p.persisted(),
        p.persistedValue(),
        effective,
        effectiveValue,
        pendingRestart,
        p.reasons());
  }

  private static String describe(MemlockLimits l) {
    return "soft "
        + l.soft().map(MemlockLimit::toString).orElse("unknown")
        + ", hard "
        + l.hard().map(MemlockLimit::toString).orElse("unknown");
  }
}
