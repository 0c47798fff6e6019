package io.pagetune.executor.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Connections;
import io.pagetune.connection.LocalConnection;
import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.ExitStatus;
import io.pagetune.executor.HostLeaser;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunOptions;
import io.pagetune.executor.RunResult;
import io.pagetune.executor.RunServices;
import io.pagetune.executor.run.Engine;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.report.ConsoleReporter;
import io.pagetune.report.HostCounts;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import io.pagetune.yaml.YamlReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a run takes, checks and gives back its host leases: before a host is first contacted,
 * before every task, after the host's last play, and all of them before the run's restarts.
 */
class HostLeaseGateTest {
  private static final String LOCKED = "locked by run R0 (carol@ctl9, since 2026-11-29T09:59:00Z)";
  private static final String LOST = "lost the lease on h2";

  @TempDir Path dir;

  /** Refuses h3, loses h2 after its first task, and writes down what the engine asked. */
  private static final class RecordingLeaser implements HostLeaser {
    final List<String> events = new CopyOnWriteArrayList<>();
    final Map<String, AtomicInteger> checks = new ConcurrentHashMap<>();

    @Override
    public Optional<String> acquire(String runId, String host) {
      events.add("acquire " + host);
      return host.equals("h3") ? Optional.of(LOCKED) : Optional.empty();
    }

    @Override
    public Optional<String> lost(String runId, String host) {
      int n = checks.computeIfAbsent(host, h -> new AtomicInteger()).incrementAndGet();
      return host.equals("h2") && n > 1 ? Optional.of(LOST) : Optional.empty();
    }

    @Override
    public void release(String runId, String host) {
      events.add("release " + host);
    }

    @Override
    public void runFinished(String runId) {
      events.add("leases back");
    }
  }

  private RunResult run(RecordingLeaser leaser, boolean check, ByteArrayOutputStream out)
      throws Exception {
    Path inventory = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
    }
    Path playbook = dir.resolve("two-plays.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  tasks:\n"
            + "    - shell: echo one >> ${root}/log\n"
            + "    - shell: echo two >> ${root}/log\n"
            + "- hosts: h1\n"
            + "  gather_facts: false\n"
            + "  tasks:\n"
            + "    - shell: echo three >> ${root}/log\n");
    List<String> events = leaser.events;
    RestartSink restarts =
        new RestartSink() {
          @Override
          public String requested(Request request) {
            return "";
          }

          @Override
          public List<io.pagetune.report.RestartRan> runFinished(String runId) {
            events.add("restarts");
            return List.of();
          }
        };
    YamlReader yaml = new YamlReader(Path.of(""));
    ModuleRegistry modules = new io.pagetune.app.Wiring().modules(CliRun.CLOCK);
    Inventory inv = new InventoryLoader(Path.of("")).load(inventory);
    Engine engine =
        new Engine(
            modules,
            new Connections(List.of(LocalConnection.factory())),
            List.of(),
            new ConsoleReporter(new PrintStream(out, true, StandardCharsets.UTF_8), false, false),
            CliRun.CLOCK,
            new RunServices(restarts, ChangeJournal.NONE, leaser));
    RunOptions options = RunOptions.defaults().withCheck(check);
    return engine.run(
        playbook,
        new io.pagetune.playbook.PlaybookLoader(modules, yaml).load(playbook),
        inv,
        options,
        yaml);
  }

  @Test
  void aRefusedHostIsNeverTouchedALostOneStopsAndLeasesGoBackBeforeTheRestarts() throws Exception {
    RecordingLeaser leaser = new RecordingLeaser();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    RunResult result = run(leaser, false, out);

    String console = out.toString(StandardCharsets.UTF_8);
    assertEquals(ExitStatus.HOST_FAILED, result.exit(), console);
    assertEquals(2, result.exit().code());
    // h3: refused before it was contacted, counted failed, its line shown
    assertTrue(Files.notExists(dir.resolve("h3/log")), console);
    assertEquals(new HostCounts(0, 0, 0, 1, 0, 0, 0, 0), result.summary().hosts().get("h3"));
    assertTrue(console.contains("fatal: [h3]: FAILED! => " + LOCKED), console);
    // h2: lost its lease after the first task and did nothing more
    assertEquals("one\n", Files.readString(dir.resolve("h2/log")));
    assertEquals(new HostCounts(1, 1, 0, 1, 0, 0, 0, 0), result.summary().hosts().get("h2"));
    assertTrue(console.contains("fatal: [h2]: FAILED! => " + LOST), console);
    // h1: ran everything in both plays on one lease
    assertEquals("one\ntwo\nthree\n", Files.readString(dir.resolve("h1/log")));
    assertEquals(
        List.of("acquire h1", "acquire h2", "acquire h3"),
        leaser.events.subList(0, 3).stream().sorted().toList());
    // h2's last play is the first; h1's the second; then all back before the restarts run
    assertEquals(
        List.of("release h2", "release h1", "leases back", "restarts", "leases back"),
        leaser.events.subList(3, leaser.events.size()));
  }

  @Test
  void aCheckRunTakesNoLeases() throws Exception {
    RecordingLeaser leaser = new RecordingLeaser();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    RunResult result = run(leaser, true, out);

    assertEquals(ExitStatus.SUCCESS, result.exit(), out.toString(StandardCharsets.UTF_8));
    assertEquals(List.of(), leaser.events);
    assertEquals(Map.of(), leaser.checks);
  }
}
