package io.pagetune.connection.ssh.hostkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pagetune.connection.ssh.config.SshSettings;
import org.junit.jupiter.api.Test;

class HostKeyCheckingTest {
  @Test
  void parsesOptionValuesLikeOpenSsh() {
    assertEquals(HostKeyChecking.STRICT, HostKeyChecking.parse("strict"));
    assertEquals(HostKeyChecking.STRICT, HostKeyChecking.parse("yes"));
    assertEquals(HostKeyChecking.ACCEPT_NEW, HostKeyChecking.parse("Accept-New"));
    assertEquals(HostKeyChecking.ACCEPT_NEW, HostKeyChecking.parse("accept_new"));
    assertEquals(HostKeyChecking.OFF, HostKeyChecking.parse("no"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HostKeyChecking.parse("maybe"));
    assertEquals(
        "unknown host key checking mode 'maybe' (use strict, accept-new or off)", e.getMessage());
  }

  @Test
  void knownHostsNamesCarryTheNonDefaultPort() {
    assertEquals("db1", HostKeyFingerprint.knownHostsName("db1", 22));
    assertEquals("[db1]:2222", HostKeyFingerprint.knownHostsName("db1", 2222));
  }

  @Test
  void settingsNeverPrintSecrets() {
    SshSettings s =
        SshSettings.defaults()
            .withSecrets(
                () -> java.util.Optional.of("pw-123"), () -> java.util.Optional.of("phrase-456"));
    String text = s.toString();
    assertEquals(false, text.contains("pw-123") || text.contains("phrase-456"), text);
  }
}
