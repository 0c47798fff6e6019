package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The one-line wording of sshj's failures: its timeouts said as the wait they were. */
class ConnectionProbeTest {
  @Test
  void sshjsTimeoutIsSaidInSecondsWithoutClassNames() {
    assertEquals(
        "no answer within 30 s",
        ConnectionProbe.oneLine(
            "net.schmizz.sshj.connection.ConnectionException: Timeout expired: 30000 MILLISECONDS"));
    assertEquals(
        "channel open failed: no answer within 2.5 s",
        ConnectionProbe.oneLine("channel open failed:\n Timeout expired: 2500 MILLISECONDS"));
  }

  @Test
  void aTimeoutIsRecognisedAnywhereInTheCauses() {
    assertTrue(
        ConnectionProbe.isTimeout(
            new IOException("no SFTP channel within 2 s", new TimeoutException())));
    assertTrue(
        ConnectionProbe.isTimeout(
            new RuntimeException(new IOException("Timeout expired: 5000 MILLISECONDS"))));
    assertFalse(ConnectionProbe.isTimeout(new IOException("Connection reset")));
  }
}
