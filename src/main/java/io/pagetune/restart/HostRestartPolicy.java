package io.pagetune.restart;

import io.pagetune.modules.ArgCoercion;
import io.pagetune.schedule.window.DurationText;
import io.pagetune.vars.EngineVariables;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a host's variables say about its restarts: its change window ({@code
 * pagetune_change_window}), the group of hosts that serve together ({@code pagetune_restart_group},
 * default the host's first group), how many of that group may restart at once ({@code
 * pagetune_max_concurrent_restarts}, default 1), how long a restart takes ({@code
 * pagetune_restart_expected_duration}) and custom restart commands ({@code
 * pagetune_restart_commands: {web_server: "svcadm restart https-web1"}}). See {@link
 * EngineVariables}.
 */
public record HostRestartPolicy(
    Optional<String> window, String group, int maxConcurrent, Map<String, Object> vars) {

  public static HostRestartPolicy of(String host, Map<String, Object> vars) {
    Object window = vars.get(EngineVariables.CHANGE_WINDOW);
    String group =
        String.valueOf(vars.getOrDefault(EngineVariables.RESTART_GROUP, defaultGroup(host, vars)));
    int max =
        (int)
            ArgCoercion.toLong(
                vars.getOrDefault(EngineVariables.MAX_CONCURRENT_RESTARTS, 1L),
                () ->
                    new IllegalArgumentException(
                        host
                            + ": "
                            + EngineVariables.MAX_CONCURRENT_RESTARTS
                            + " must be a number"));
    return new HostRestartPolicy(
        window == null || String.valueOf(window).isBlank()
            ? Optional.empty()
            : Optional.of(String.valueOf(window)),
        group,
        Math.max(1, max),
        vars);
  }

  private static String defaultGroup(String host, Map<String, Object> vars) {
    Object names = vars.get("group_names");
    if (names instanceof List<?> l && !l.isEmpty()) {
      return String.valueOf(l.get(0));
    }
    return host;
  }

  /** The expected duration of a restart: the host's setting, else the kind's usual one. */
  public Duration expected(Duration kindDefault) {
    Object v = vars.get(EngineVariables.RESTART_EXPECTED_DURATION);
    if (v != null) {
      Optional<Duration> d = DurationText.parse(String.valueOf(v));
      if (d.isPresent()) {
        return d.get();
      }
    }
    return kindDefault;
  }

  /** A site's own restart command for this kind, if the host names one. */
  Optional<String> customCommand(String kind) {
    Object commands = vars.get(EngineVariables.RESTART_COMMANDS);
    if (commands instanceof Map<?, ?> m) {
      Object c = m.get(kind);
      return c == null ? Optional.empty() : Optional.of(String.valueOf(c));
    }
    return Optional.empty();
  }
}
