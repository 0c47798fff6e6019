package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

public class SshConnectionTest {
  private static final Duration T = Duration.ofSeconds(20);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void runsArgvAndScriptsWithStdoutStderrAndExitCode() {
    TestSshHost host = ssh.start();
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      assertEquals("web1", c.host());
      CommandResult echo = c.run(RemoteCommand.argv("printf", "%s|", "a b", "it's"), T);
      assertEquals("a b|it's|", echo.stdout());
      assertEquals("", echo.stderr());
      assertTrue(echo.ok());

      CommandResult fail = c.run(RemoteCommand.script("echo oops >&2; exit 7"), T);
      assertEquals(7, fail.exitCode());
      assertEquals("oops\n", fail.stderr());
      assertFalse(fail.timedOut());
    }
  }

  @Test
  void passesStdinEnvAndWorkingDirectory() throws Exception {
    TestSshHost host = ssh.start();
    java.nio.file.Files.createDirectories(host.workDir().resolve("sub dir"));
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      CommandResult cat = c.run(RemoteCommand.argv("tr", "a-z", "A-Z").withStdin("hello\n"), T);
      assertEquals("HELLO\n", cat.stdout());

      CommandResult env =
          c.run(
              RemoteCommand.script("echo \"$GREETING\"; pwd")
                  .withEnv(Map.of("GREETING", "hi there"))
                  .withChdir(host.workDir().resolve("sub dir").toString()),
              T);
      assertEquals("hi there\n" + host.workDir().resolve("sub dir") + "\n", env.stdout());

      // a command that ignores stdin still ends: EOF is sent at once
      assertEquals("", c.run(RemoteCommand.argv("cat"), T).stdout());
    }
  }

  @Test
  void timeoutKillsTheRemoteProcessGroup() throws Exception {
    TestSshHost host = ssh.start();
    assertTimeoutKills(host);
  }

  @Test
  void timeoutKillsTheProcessTreeWhenTheCommandDoesNotLeadItsGroup() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withNewSession(false));
    assertTimeoutKills(host);
  }

  private void assertTimeoutKills(TestSshHost host) throws Exception {
    String marker = "600." + System.nanoTime() % 1_000_000;
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      long start = System.nanoTime();
      CommandResult r =
          c.run(
              RemoteCommand.script("echo started; sleep " + marker + "; echo never"),
              Duration.ofSeconds(2));
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertTrue(r.timedOut(), r.toString());
      assertFalse(r.ok());
      assertEquals("started\n", r.stdout());
      assertFalse(r.stderr().contains("pagetune-pid"), r.stderr());
      assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "took " + took);
      assertTrue(pgrep("sleep " + marker).isEmpty(), "still running: " + pgrep("sleep " + marker));
      // the connection is still usable afterwards
      assertEquals("ok\n", c.run(RemoteCommand.argv("echo", "ok"), T).stdout());
    }
  }

  public static String pgrep(String pattern) throws Exception {
    Process p = new ProcessBuilder("pgrep", "-f", pattern).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    p.waitFor();
    return out;
  }

  @Test
  void hundredParallelCommandsShareOneClientWithinTheChannelLimit() throws Exception {
    TestSshHost host = ssh.start();
    try (Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("web1", host))) {
      ExecutorService pool = Executors.newFixedThreadPool(100);
      try {
        List<Future<CommandResult>> results = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
          int n = i;
          results.add(pool.submit(() -> c.run(RemoteCommand.script("sleep 0.05; echo " + n), T)));
        }
        for (int i = 0; i < 100; i++) {
          CommandResult r = results.get(i).get();
          assertTrue(r.ok(), r.toString());
          assertEquals(i + "\n", r.stdout());
        }
      } finally {
        pool.shutdownNow();
      }
    }
    assertTrue(host.maxRunningSeen() <= 8, "ran at once: " + host.maxRunningSeen());
    assertTrue(host.maxRunningSeen() >= 2, "never ran in parallel");
  }
}
