package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionSpecTest {
  @Test
  void inventoryAnsibleUserBeatsThePlayRemoteUser() {
    Map<String, Object> both =
        Map.of("ansible_user", "inventory", ConnectionSpec.PLAY_REMOTE_USER, "play");
    assertEquals("inventory", ConnectionSpec.fromVars("h", both).user());
    Map<String, Object> alias =
        Map.of("ansible_ssh_user", "alias", ConnectionSpec.PLAY_REMOTE_USER, "play");
    assertEquals("alias", ConnectionSpec.fromVars("h", alias).user());
    assertEquals(
        "play",
        ConnectionSpec.fromVars("h", Map.of(ConnectionSpec.PLAY_REMOTE_USER, "play")).user());
    assertNull(ConnectionSpec.fromVars("h", Map.of()).user());
  }
}
