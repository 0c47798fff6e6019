package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.StallingProxy;
import io.pagetune.testing.TestSshHost;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Map;
import net.schmizz.sshj.SSHClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Keepalives come from one shared thread, not a thread per connection, and still cut a host that
 * stops answering while its connection is idle.
 */
class SharedKeepAliveTest {
  private static final Duration ONE_SECOND = Duration.ofSeconds(1);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private SshSettings settings() {
    SshSettings s = ssh.settings();
    return s.withTimeouts(s.connectTimeout(), s.socketTimeout(), ONE_SECOND);
  }

  private static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .count();
  }

  @Test
  void manyConnectionsShareOneKeepaliveThreadAndStayUsableWhileIdle() throws Exception {
    SshConnectionFactory factory = new SshConnectionFactory(settings());
    TestSshHost a = ssh.start();
    TestSshHost b = ssh.start();
    long before = threadsNamed("pagetune-ssh-keepalive"); // other tests' factories may linger
    try (SshConnection one = (SshConnection) factory.open(ssh.spec("db1", a));
        SshConnection two = (SshConnection) factory.open(ssh.spec("db2", b))) {
      assertEquals(0, threadsNamed("sshj-KeepAlive"), "no keepalive thread per connection");
      assertTrue(threadsNamed("pagetune-ssh-keepalive") <= before + 1, "one shared thread");
      // four intervals idle: every request is answered, so nothing is cut
      Thread.sleep(4_000);
      assertTrue(one.run(RemoteCommand.argv("true"), Duration.ofSeconds(20)).ok());
      assertTrue(two.run(RemoteCommand.argv("true"), Duration.ofSeconds(20)).ok());
    }
  }

  @Test
  void anIdleConnectionToAHostThatStopsAnsweringIsCutAfterThreeIntervals() throws Exception {
    TestSshHost host = ssh.start();
    try (StallingProxy proxy = new StallingProxy(host.port())) {
      ssh.trustThroughProxy(proxy, host);
      try (SshConnection c =
          (SshConnection)
              new SshConnectionFactory(settings()).open(ssh.spec("db1", proxy.port(), Map.of()))) {
        assertTrue(c.run(RemoteCommand.argv("true"), Duration.ofSeconds(20)).ok());
        proxy.freeze();
        Thread.sleep(6_000); // three unanswered requests, one second apart, and a margin
        long t0 = System.nanoTime();
        // without the cut this command would wait for its whole timeout
        assertThrows(
            ConnectionException.class,
            () -> c.run(RemoteCommand.argv("true"), Duration.ofSeconds(30)));
        long took = Duration.ofNanos(System.nanoTime() - t0).toSeconds();
        assertTrue(took < 5, "noticed after " + took + " s");
      }
    }
  }

  /**
   * A finished host must not stay in the heap: at a fleet's pace of tens of hosts a second, a
   * closed client held until its keepalive's next tick or its handshake watchdog's deadline was
   * hundreds of clients' buffers and ciphers live at any time.
   */
  @Test
  void aClosedConnectionLeavesNothingTimedAndNothingHoldsItsClient() throws Exception {
    // the timer's queue shows a keepalive left behind; the wait below is shorter than these
    // settings' 15 s handshake watchdog, which held the client before
    SshConnectionFactory factory = new SshConnectionFactory(ssh.settings());
    TestSshHost host = ssh.start();
    SshConnection c = (SshConnection) factory.open(ssh.spec("db1", host));
    assertTrue(c.run(RemoteCommand.argv("true"), Duration.ofSeconds(20)).ok());
    assertEquals(1, factory.timedTasks(), "logged in: the keepalive only, the watchdog is gone");
    WeakReference<SSHClient> client = new WeakReference<>(c.client());
    c.close();
    c = null;
    assertEquals(0, factory.timedTasks(), "closed: nothing left in the timer");
    for (int i = 0; i < 50 && client.get() != null; i++) {
      System.gc();
      Thread.sleep(100);
    }
    assertNull(client.get(), "the closed client is still reachable");
  }
}
