package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.testing.SshServerExtension;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** wait_for runs its loop on an SSH host (in-process MINA, real /bin/sh, date, sleep, perl). */
class WaitForModuleTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;
  private Connection connection;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    connection = new SshConnectionFactory(ssh.settings()).open(ssh.spec("db1", ssh.start()));
    harness = new ModuleHarness(new WaitForModule(), dir, connection);
  }

  @AfterEach
  void tearDown() {
    connection.close();
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void anOpenPortIsReachedAtOnceAndNothingChanges() throws Exception {
    try (ServerSocket listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Map<String, Object> args = Map.of("port", listening.getLocalPort(), "timeout", 10);
      ApplyResult r = harness.apply(args);
      assertTrue(r.failure().isEmpty(), () -> r.failure().get());
      assertFalse(r.changed());
      // whole seconds, as Ansible reports them; the first probe answers
      assertTrue(((Number) r.data().get("elapsed")).longValue() < 5, r.data().toString());
      assertEquals(listening.getLocalPort(), ((Number) r.data().get("port")).intValue());
      assertEquals("started", r.data().get("state"));
    }
  }

  @Test
  void aClosedPortTimesOutWithAnsiblesMessageOrIsStopped() throws Exception {
    int port = freePort();
    ApplyResult r = harness.apply(Map.of("port", port, "timeout", 1));
    assertEquals(
        "Timeout when waiting for 127.0.0.1:" + port + " (up to 1s)", r.failure().orElseThrow());
    assertTrue(((Number) r.data().get("elapsed")).longValue() >= 1, r.data().toString());
    ApplyResult custom = harness.apply(Map.of("port", port, "timeout", 0, "msg", "no listener"));
    assertEquals("no listener", custom.failure().orElseThrow());
    ApplyResult stopped = harness.apply(Map.of("port", port, "state", "stopped", "timeout", 5));
    assertTrue(stopped.failure().isEmpty(), () -> stopped.failure().get());
  }

  @Test
  void waitsUntilAFileAppearsWithTheSearchedText() throws Exception {
    Path log = dir.resolve("alert.log");
    Files.writeString(log, "Starting ORACLE instance\n");
    CompletableFuture<Void> later =
        CompletableFuture.runAsync(
            () -> {
              try {
                Files.writeString(
                    log, "Starting ORACLE instance\nLarge Pages used by this instance: 6144\n");
              } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            },
            CompletableFuture.delayedExecutor(1500, TimeUnit.MILLISECONDS));
    ApplyResult r =
        harness.apply(
            Map.of(
                "path",
                log.toString(),
                "search_regex",
                "Large Pages used by this instance: [0-9]+",
                "timeout",
                30));
    later.get();
    assertTrue(r.failure().isEmpty(), () -> r.failure().get());
    assertTrue(((Number) r.data().get("elapsed")).longValue() >= 1, r.data().toString());
    assertTrue(
        harness
            .apply(Map.of("path", dir.resolve("gone").toString(), "state", "absent", "timeout", 0))
            .failure()
            .isEmpty());
    assertEquals(
        "Timeout when waiting for file " + dir.resolve("gone") + " (up to 0s)",
        harness
            .apply(Map.of("path", dir.resolve("gone").toString(), "timeout", 0))
            .failure()
            .orElseThrow());
  }

  @Test
  void checkModeDoesNotWait() throws Exception {
    long start = System.nanoTime();
    Plan plan = harness.plan(Map.of("port", freePort(), "timeout", 300));
    ModuleHarness.assertUpToDate(plan);
    assertTrue(plan.reason().contains("not in check mode"), plan.reason());
    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30));
  }

  @Test
  void badArgumentsAreRefused() {
    harness.assertRejected(Map.of("port", 22, "path", "/x"), "mutually exclusive");
    harness.assertRejected(Map.of("port", 22, "state", "drained"), "drained is not supported");
    harness.assertRejected(Map.of("port", 22, "search_regex", "SSH"), "needs 'path'");
    harness.assertRejected(Map.of("port", 70000), "between 1 and 65535");
    harness.assertRejected(Map.of("port", 22, "host", "a;b"), "not a host name");
    harness.assertRejected(Map.of("port", 22, "timeout", -1), "must not be negative");
    harness.assertRejected(Map.of("port", 22, "exclude_hosts", "x"), "unknown argument");
  }
}
