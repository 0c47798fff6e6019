package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SshManyHostsTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void twoHundredHostsBehindOneServerWithASmallHandshakeLimitAllConnect() throws Exception {
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withHandshakeLimit(6));
    SshConnectionFactory factory =
        new SshConnectionFactory(ssh.settings().withLimits(8, 10, 8, Duration.ofMillis(50)));
    ExecutorService pool = Executors.newFixedThreadPool(50);
    List<Connection> open = new ArrayList<>();
    try {
      List<Future<Connection>> futures = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        String name = "app" + i;
        futures.add(pool.submit(() -> factory.open(ssh.spec(name, server))));
      }
      for (Future<Connection> f : futures) {
        open.add(f.get());
      }
      assertTrue(
          server.droppedHandshakes() > 0, "the limit was never hit, so retries were not tested");
      List<Future<CommandResult>> results = new ArrayList<>();
      for (Connection c : open) {
        results.add(
            pool.submit(() -> c.run(RemoteCommand.argv("echo", c.host()), Duration.ofSeconds(30))));
      }
      for (int i = 0; i < open.size(); i++) {
        assertEquals(open.get(i).host() + "\n", results.get(i).get().stdout());
      }
    } finally {
      open.forEach(Connection::close);
      pool.shutdownNow();
    }
  }
}
