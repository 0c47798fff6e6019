package io.pagetune.targets.oracle;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.facts.Fact;
import io.pagetune.linux.MemlockLimit;
import io.pagetune.linux.MemlockLimits;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.StepRunner;
import io.pagetune.schedule.RestartTarget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * After an apply that set the pool live ({@code runtime: true}): the pool read back. A full pool
 * makes the pool and the group effective and a fresh login shows each user's memlock; a short one
 * (fragmentation, page cache) fails the task and asks for a reboot instead of reporting success.
 */
final class LivePoolReadBack {
  private LivePoolReadBack() {}

  static ApplyResult check(Plan plan, ModuleCall call, StepRunner runner, ApplyResult result) {
    @SuppressWarnings("unchecked")
    Map<String, Object> desired = (Map<String, Object>) plan.data().get("desired");
    long wanted = ((Number) desired.get("nr_hugepages")).longValue();
    CommandResult back = runner.query(RemoteCommand.argv("sysctl", "-n", "vm.nr_hugepages"), call);
    OptionalLong actual = OptionalLong.empty();
    if (back.ok() && back.stdout().strip().matches("\\d{1,18}")) {
      actual = OptionalLong.of(Long.parseLong(back.stdout().strip()));
    }
    HugePagesReadBack check = HugePagesReadBack.compare(wanted, actual);
    if (check.ok()) {
      // the limits files were just written: a fresh login shows what the memlock is now
      Map<String, MemlockLimits> logins = new LinkedHashMap<>();
      for (Object u : (List<?>) desired.get("consumers")) {
        Fact<MemlockLimits> loginFact = MemlockLimits.ulimitFact(String.valueOf(u));
        logins.put(
            String.valueOf(u),
            loginFact.parse(runner.query(RemoteCommand.script(loginFact.script()), call)));
      }
      long neededKb = ((Number) desired.get("memlock_kb")).longValue();
      List<Map<String, Object>> states = liveNow(plan.data().get("page_state"), logins, neededKb);
      boolean all = states.stream().allMatch(m -> Boolean.TRUE.equals(m.get("effective")));
      return result.withData(
          Map.of("effective", all, "pending_restart", !all, "page_state", states));
    }
    String host = runner.connection().host();
    List<Step.RequestRestart> restarts = new ArrayList<>(result.restarts());
    restarts.add(
        new Step.RequestRestart(
            new RestartTarget(RestartTarget.REBOOT, host, host),
            "the live pool fell short; the sysctl file allocates it at boot"));
    Map<String, Object> data = new LinkedHashMap<>(result.data());
    data.put("effective", false);
    data.put("pending_restart", true);
    data.put("live_nr_hugepages", actual.isPresent() ? actual.getAsLong() : "unknown");
    return new ApplyResult(
        result.changed(),
        result.commands(),
        restarts,
        result.backups(),
        data,
        Optional.of(check.message() + "; reboot requested"));
  }

  /** The plan's states once the pool and the group were set live and read back. */
  private static List<Map<String, Object>> liveNow(
      Object planned, Map<String, MemlockLimits> logins, long neededKb) {
    List<Map<String, Object>> out = new ArrayList<>();
    if (planned instanceof List<?> l) {
      for (Object o : l) {
        Map<String, Object> m = new LinkedHashMap<>();
        ((Map<?, ?>) o).forEach((k, v) -> m.put(String.valueOf(k), v));
        if (m.get("target").equals("oracle/hugepages")
            || m.get("target").equals("oracle/hugetlb_shm_group")) {
          // set live by this apply and read back
          m.put("effective_value", String.valueOf(m.get("desired")) + " (set live)");
          m.put("effective", true);
          m.put("pending_restart", false);
        }
        for (Map.Entry<String, MemlockLimits> login : logins.entrySet()) {
          if (m.get("target").equals("oracle/memlock/" + login.getKey())) {
            m.put("effective", login.getValue().atLeast(neededKb));
            m.put("effective_value", "su - " + login.getKey() + ": " + describe(login.getValue()));
            m.put("pending_restart", !login.getValue().atLeast(neededKb));
          }
        }
        out.add(m);
      }
    }
    return out;
  }

  private static String describe(MemlockLimits l) {
    return "soft "
        + l.soft().map(MemlockLimit::toString).orElse("unknown")
        + ", hard "
        + l.hard().map(MemlockLimit::toString).orElse("unknown");
  }
}
