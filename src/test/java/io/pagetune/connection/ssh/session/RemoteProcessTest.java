package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RemoteProcessTest {
  @Test
  void wrapperAnnouncesItsPidAndKeepsTheCommandsOutput() throws Exception {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-abc123");
    Process p =
        new ProcessBuilder("/bin/sh", "-c", rp.wrap("echo out; echo 'it''s err' >&2; exit 3"))
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    byte[] err = p.getErrorStream().readAllBytes();
    assertEquals(3, p.waitFor());
    assertEquals("out\n", out);
    assertEquals(p.pid(), rp.pid(err).orElseThrow());
    assertEquals("its err\n", rp.stripMarker(err));
  }

  @Test
  void noMarkerNoPid() {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-ffff");
    assertTrue(rp.pid("pagetune-pid-eeee 12\n".getBytes(StandardCharsets.UTF_8)).isEmpty());
  }
}
