package io.pagetune.restart;

import io.pagetune.modules.ArgCoercion;
import io.pagetune.schedule.window.DurationText;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a host's variables say about its restarts: its change window ({@code change_window}), the
 * group of hosts that serve together ({@code restart_group}, default the host's first group), how
 * many of that group may restart at once ({@code max_concurrent_restarts}, default 1), how long a
 * restart takes ({@code restart_expected_duration}) and custom restart commands ({@code
 * restart_commands: {web_server: "svcadm restart https-web1"}}).
 */
record HostRestartPolicy(
    Optional<String> window, String group, int maxConcurrent, Map<String, Object> vars) {

  static HostRestartPolicy of(String host, Map<String, Object> vars) {
    Object window = vars.get("change_window");
    String group = String.valueOf(vars.getOrDefault("restart_group", defaultGroup(host, vars)));
    int max =
        (int)
            ArgCoercion.toLong(
                vars.getOrDefault("max_concurrent_restarts", 1L),
                () ->
                    new IllegalArgumentException(
                        host + ": max_concurrent_restarts must be a number"));
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
  Duration expected(Duration kindDefault) {
    Object v = vars.get("restart_expected_duration");
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
    Object commands = vars.get("restart_commands");
    if (commands instanceof Map<?, ?> m) {
      Object c = m.get(kind);
      return c == null ? Optional.empty() : Optional.of(String.valueOf(c));
    }
    return Optional.empty();
  }
}
