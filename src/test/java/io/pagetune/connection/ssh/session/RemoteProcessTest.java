package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteProcessTest {
  private record Ran(int status, String out, byte[] err, long pid) {}

  private static Ran run(String shellText) throws Exception {
    Process p = new ProcessBuilder("/bin/sh", "-c", shellText).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    byte[] err = p.getErrorStream().readAllBytes();
    return new Ran(p.waitFor(), out, err, p.pid());
  }

  @Test
  void wrapperAnnouncesItsPidAndKeepsTheCommandsOutput() throws Exception {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-abc123");
    for (RemoteProcess.Shape shape :
        List.of(RemoteProcess.Shape.SCRIPT, RemoteProcess.Shape.OWN_SCRIPT)) {
      Ran r = run(rp.wrap("echo out; echo 'it''s err' >&2; exit 3", shape));
      assertEquals(3, r.status(), shape.name());
      assertEquals("out\n", r.out(), shape.name());
      assertEquals(r.pid(), rp.pid(r.err()).orElseThrow(), shape.name());
      assertEquals("its err\n", rp.stripMarker(r.err()), shape.name());
    }
  }

  @Test
  void aSimpleCommandIsExecdByTheWrapperSoItKeepsThePidThatWasAnnounced() throws Exception {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-5e1f");
    // the command is itself a shell printing its PID: exec'd, it is the wrapper's process
    String command = ShellQuote.join(List.of("/bin/sh", "-c", "echo $$"));
    Ran r = run(rp.wrap(command, RemoteProcess.Shape.SIMPLE_COMMAND));
    assertEquals(0, r.status());
    assertEquals(r.pid() + "\n", r.out());
    assertEquals(r.pid(), rp.pid(r.err()).orElseThrow());
  }

  @Test
  void anOwnScriptRunsInTheWrapperWithTheLineNumbersItsShellWouldSay() throws Exception {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-0d0e");
    String script = "echo $$\n:\npagetune-no-such-command-here\n";
    Ran r = run(rp.wrap(script, RemoteProcess.Shape.OWN_SCRIPT));
    assertEquals(r.pid() + "\n", r.out(), "no second shell");
    Ran alone = run(script);
    assertEquals(alone.status(), r.status());
    String said = new String(alone.err(), StandardCharsets.UTF_8);
    assertTrue(said.contains("pagetune-no-such-command-here"), said);
    assertEquals(said, rp.stripMarker(r.err()), "the same message, line number included");
  }

  @Test
  void noMarkerNoPid() {
    RemoteProcess rp = new RemoteProcess("pagetune-pid-ffff");
    assertTrue(rp.pid("pagetune-pid-eeee 12\n".getBytes(StandardCharsets.UTF_8)).isEmpty());
  }
}
