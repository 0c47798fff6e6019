package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HostRestartPolicyTest {
  private static final Map<String, Object> OWN =
      Map.of(
          "group_names",
          List.of("web"),
          "change_window",
          "sun-0200",
          "restart_group",
          "lb9",
          "max_concurrent_restarts",
          5L,
          "restart_expected_duration",
          "10h",
          "restart_commands",
          Map.of("web_server", "mine"));

  @Test
  void theUnprefixedNamesAreTheInventorysOwn() {
    HostRestartPolicy p = HostRestartPolicy.of("web1", OWN);
    assertEquals(Optional.empty(), p.window());
    assertEquals("web", p.group());
    assertEquals(1, p.maxConcurrent());
    assertEquals(Duration.ofMinutes(5), p.expected(Duration.ofMinutes(5)));
    assertEquals(Optional.empty(), p.customCommand("web_server"));
  }

  @Test
  void thePrefixedNamesSetThePolicy() {
    Map<String, Object> vars = new HashMap<>(OWN);
    vars.putAll(
        Map.of(
            "pagetune_change_window", "web-weeknights",
            "pagetune_restart_group", "lb1",
            "pagetune_max_concurrent_restarts", 2L,
            "pagetune_restart_expected_duration", "45m",
            "pagetune_restart_commands", Map.of("web_server", "svcadm restart https-web1")));
    HostRestartPolicy p = HostRestartPolicy.of("web1", vars);
    assertEquals(Optional.of("web-weeknights"), p.window());
    assertEquals("lb1", p.group());
    assertEquals(2, p.maxConcurrent());
    assertEquals(Duration.ofMinutes(45), p.expected(Duration.ofMinutes(5)));
    assertEquals(Optional.of("svcadm restart https-web1"), p.customCommand("web_server"));
  }
}
