package io.pagetune.restart;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.inventory.Host;
import io.pagetune.modules.ArgCoercion;
import io.pagetune.schedule.window.DurationText;
import io.pagetune.schedule.window.WindowsFile;
import io.pagetune.vars.EngineVariables;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks every host's restart settings when the inventory loads, before any host is contacted, so a
 * typo fails the command at once (exit 4, one line naming the host's file:line:col) instead of in
 * the middle of a run or, worse, when the scheduler picks the restart up in a window: {@code
 * pagetune_change_window} names a window of windows.yml; {@code pagetune_restart_commands} maps
 * known restart kinds to commands; {@code pagetune_max_concurrent_restarts} is a positive number;
 * {@code pagetune_restart_expected_duration} is a duration; {@code pagetune_restart_group} is not
 * blank; {@code pagetune_sap_control} is {@code soap} or {@code sapcontrol}. The old un-prefixed
 * names are the inventory's own variables and are not checked.
 */
public final class RestartConfigCheck {
  public static final String CHANGE_WINDOW = EngineVariables.CHANGE_WINDOW;

  private static final Set<String> SAP_CONTROL = Set.of("soap", "sapcontrol");

  private final WindowsFile windows;
  private final List<String> kinds;

  /**
   * @param kinds the restart kind names the targets registered
   */
  public RestartConfigCheck(WindowsFile windows, Collection<String> kinds) {
    this.windows = windows;
    this.kinds = List.copyOf(kinds);
  }

  /** Each host's {@value #CHANGE_WINDOW} (empty when unset), in the given order. */
  public static Map<String, Optional<String>> hostWindows(List<Host> hosts) {
    Map<String, Optional<String>> out = new LinkedHashMap<>();
    for (Host h : hosts) {
      out.put(h.name(), window(h.vars().resolve()));
    }
    return out;
  }

  private static Optional<String> window(Map<String, Object> vars) {
    Object v = vars.get(CHANGE_WINDOW);
    return v == null || v.toString().isBlank() ? Optional.empty() : Optional.of(v.toString());
  }

  /**
   * Throws an {@link InputException} at the first host whose restart settings are wrong, or whose
   * {@code pagetune_max_concurrent_restarts} disagrees with an earlier host of the same restart
   * group (the queue keeps one limit per group: which host's would win would depend on who queued
   * first).
   */
  public void check(List<Host> hosts) {
    Map<String, Map.Entry<String, Integer>> groups = new LinkedHashMap<>();
    for (Host h : hosts) {
      Map<String, Object> vars = h.vars().resolve();
      check(h, vars);
      HostRestartPolicy policy = HostRestartPolicy.of(h.name(), vars);
      Map.Entry<String, Integer> first =
          groups.putIfAbsent(policy.group(), Map.entry(h.name(), policy.maxConcurrent()));
      if (first != null && first.getValue() != policy.maxConcurrent()) {
        throw wrong(
            h,
            "pagetune_max_concurrent_restarts "
                + policy.maxConcurrent()
                + " but "
                + first.getKey()
                + " of the same pagetune_restart_group '"
                + policy.group()
                + "' has "
                + first.getValue());
      }
    }
  }

  private void check(Host host, Map<String, Object> vars) {
    Optional<String> window = window(vars);
    if (window.isPresent() && windows.window(window.get()).isEmpty()) {
      throw wrong(
          host,
          CHANGE_WINDOW
              + " '"
              + window.get()
              + "', which windows.yml does not define"
              + Suggestions.didYouMean(window.get(), windows.windows().keySet()));
    }
    Object commands = vars.get(EngineVariables.RESTART_COMMANDS);
    if (commands != null) {
      if (!(commands instanceof Map<?, ?> m)) {
        throw wrong(
            host, "pagetune_restart_commands that is not a mapping of restart kind to command");
      }
      for (Map.Entry<?, ?> e : m.entrySet()) {
        String kind = String.valueOf(e.getKey());
        if (!kinds.contains(kind)) {
          throw wrong(
              host,
              "pagetune_restart_commands for '"
                  + kind
                  + "', which is no restart kind (one of "
                  + String.join(", ", kinds)
                  + ")"
                  + Suggestions.didYouMean(kind, kinds));
        }
        if (e.getValue() == null || String.valueOf(e.getValue()).isBlank()) {
          throw wrong(host, "an empty pagetune_restart_commands." + kind);
        }
      }
    }
    Object max = vars.get(EngineVariables.MAX_CONCURRENT_RESTARTS);
    if (max != null) {
      long n =
          ArgCoercion.toLong(
              max,
              () ->
                  wrong(
                      host,
                      "pagetune_max_concurrent_restarts '"
                          + max
                          + "', which is not a whole number"));
      if (n < 1) {
        throw wrong(host, "pagetune_max_concurrent_restarts " + n + ", which must be at least 1");
      }
    }
    Object duration = vars.get(EngineVariables.RESTART_EXPECTED_DURATION);
    if (duration != null && DurationText.parse(String.valueOf(duration)).isEmpty()) {
      throw wrong(
          host,
          "pagetune_restart_expected_duration '"
              + duration
              + "', which is not a duration (e.g. 45m, 1h30m)");
    }
    Object group = vars.get(EngineVariables.RESTART_GROUP);
    if (group != null && String.valueOf(group).isBlank()) {
      throw wrong(host, "an empty pagetune_restart_group");
    }
    try {
      BenefitProbes.checkShape(vars.get("benefit_probe"));
    } catch (IllegalArgumentException e) {
      throw wrong(
          host, "a wrong benefit_probe: " + e.getMessage().replaceFirst("^benefit_probe:? ", ""));
    }
    Object sapControl = vars.get(EngineVariables.SAP_CONTROL);
    if (sapControl != null && !SAP_CONTROL.contains(String.valueOf(sapControl))) {
      throw wrong(
          host,
          "pagetune_sap_control '"
              + sapControl
              + "', which is neither soap nor sapcontrol"
              + Suggestions.didYouMean(String.valueOf(sapControl), SAP_CONTROL));
    }
  }

  private static InputException wrong(Host host, String what) {
    return new InputException(host.location(), "host " + host.name() + " has " + what);
  }
}
