package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.FileMeta;
import io.pagetune.facts.Fact;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.HostState;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.testing.SshServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** service/systemd over SSH against stand-in systemctl and service commands. */
class ServiceModuleTest {
  private static final List<String> READS =
      List.of(
          "is-system-running",
          "is-active postgresql",
          "is-enabled postgresql",
          "show -p LoadState postgresql");

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path root;
  private StandInHost host;

  @BeforeEach
  void setUp() throws Exception {
    for (String d : List.of("units", "active", "enabled", "static", "masked")) {
      Files.createDirectories(root.resolve("systemd").resolve(d));
    }
    host = StandInHost.start(ssh, root, "service");
    host.touch("systemd/units/postgresql.service");
  }

  @AfterEach
  void tearDown() {
    host.close();
  }

  private ModuleHarness harness(ServiceModule module) {
    return new ModuleHarness(module, root.resolve("systemd"), host.connection());
  }

  private static List<String> argvs(Plan plan) {
    return plan.changeSteps().stream()
        .map(s -> String.join(" ", assertInstanceOf(Step.Exec.class, s).command().argv()))
        .toList();
  }

  @Test
  void checkPredictsEnableAndStartAndApplyConverges() {
    ModuleHarness h = harness(ServiceModule.systemd("systemd"));
    Map<String, Object> args = Map.of("name", "postgresql", "state", "started", "enabled", true);
    Plan check = h.plan(args);
    assertEquals(
        List.of("systemctl enable postgresql", "systemctl start postgresql"), argvs(check));
    assertEquals(READS, host.calls(), "planning only asks");
    assertEquals(
        Map.of("ActiveState", "inactive", "UnitFileState", "disabled", "LoadState", "loaded"),
        check.data().get("status"));
    h.assertConverges(args);
    assertTrue(host.exists("systemd/active/postgresql.service"));
    assertTrue(host.exists("systemd/enabled/postgresql.service"));
    Plan again = h.plan(args);
    assertEquals("postgresql is enabled and running", again.reason());
  }

  @Test
  void stoppedAndDisabledUndoIt() {
    host.touch("systemd/active/postgresql.service").touch("systemd/enabled/postgresql.service");
    ModuleHarness h = harness(ServiceModule.service());
    Map<String, Object> args = Map.of("name", "postgresql", "state", "stopped", "enabled", false);
    assertEquals(
        List.of("systemctl disable postgresql", "systemctl stop postgresql"), argvs(h.plan(args)));
    h.assertConverges(args);
    assertFalse(host.exists("systemd/active/postgresql.service"));
    assertFalse(host.exists("systemd/enabled/postgresql.service"));
  }

  @Test
  void restartedAlwaysRunsAndReloadedReloadsARunningUnitOrStartsAStoppedOne() {
    ModuleHarness h = harness(ServiceModule.service());
    assertEquals(
        List.of("systemctl start postgresql"),
        argvs(h.plan(Map.of("name", "postgresql", "state", "reloaded"))));
    host.touch("systemd/active/postgresql.service");
    assertEquals(
        List.of("systemctl restart postgresql"),
        argvs(h.plan(Map.of("name", "postgresql", "state", "restarted"))));
    assertEquals(
        List.of("systemctl reload postgresql"),
        argvs(h.plan(Map.of("name", "postgresql", "state", "reloaded"))));
    host.write("systemd/static/postgresql.service", "");
    ModuleHarness.assertUpToDate(h.plan(Map.of("name", "postgresql", "enabled", true)));
    assertTrue(
        h.apply(Map.of("name", "postgresql", "state", "restarted")).changed(),
        "a restart is a change");
  }

  @Test
  void anUnknownUnitFailsUnlessADaemonReloadComesFirst() {
    ModuleHarness h = harness(ServiceModule.systemd("systemd_service"));
    assertEquals(
        "systemd_service: Could not find the requested service tuned-oracle: host",
        h.plan(Map.of("name", "tuned-oracle", "state", "started")).failure().orElseThrow());
    Map<String, Object> args =
        Map.of("unit", "tuned-oracle", "state", "started", "daemon_reload", true);
    assertEquals(List.of("systemctl start tuned-oracle"), argvs(h.plan(args)));
    // the unit file arrives (an earlier task wrote it); apply reloads systemd, then starts
    host.touch("systemd/units/tuned-oracle.service");
    host.clearCalls();
    ApplyResult r = h.apply(args);
    assertTrue(r.failure().isEmpty(), () -> r.failure().get());
    List<String> calls = host.calls();
    assertEquals("start tuned-oracle", calls.get(calls.size() - 1));
    assertEquals("daemon-reload", calls.get(calls.size() - 2));
  }

  @Test
  void aUnitFileSystemdHasNotLoadedYetIsStartedNotRefused() {
    ModuleHarness h = harness(ServiceModule.systemd("systemd"));
    HostState live = h.hostState();
    String unitFile = "/etc/systemd/system/tuned-oracle.service";
    // the host view as a check run sees it after a template task planned the unit file
    HostState withUnit =
        new HostState() {
          @Override
          public String host() {
            return live.host();
          }

          @Override
          public Optional<byte[]> read(String path) {
            return live.read(path);
          }

          @Override
          public Optional<FileMeta> stat(String path) {
            return path.equals(unitFile)
                ? Optional.of(new FileMeta(path, FileMeta.Type.FILE, 0644, "root", "root", 10))
                : live.stat(path);
          }

          @Override
          public <T> T fact(Fact<T> fact) {
            return live.fact(fact);
          }
        };
    Map<String, Object> args = Map.of("name", "tuned-oracle", "state", "started");
    Plan plan = ServiceModule.systemd("systemd").plan(h.call(args), withUnit);
    assertTrue(plan.failure().isEmpty(), () -> plan.failure().get());
    assertEquals(List.of("systemctl start tuned-oracle"), argvs(plan));
  }

  @Test
  void aMaskedUnitIsRefusedBeforeAnythingRuns() {
    host.touch("systemd/masked/postgresql.service");
    assertEquals(
        "service: postgresql is masked; unmask it to start it",
        harness(ServiceModule.service())
            .plan(Map.of("name", "postgresql", "state", "started"))
            .failure()
            .orElseThrow());
  }

  @Test
  void withoutSystemdTheServiceCommandManagesTheState() {
    host.touch("systemd/offline");
    ModuleHarness h = harness(ServiceModule.service());
    Map<String, Object> args = Map.of("name", "postgresql", "state", "started");
    assertEquals(List.of("service postgresql start"), argvs(h.plan(args)));
    h.assertConverges(args);
    assertTrue(host.exists("systemd/active/postgresql.service"));
    assertEquals(
        "service: enabled: standin does not run systemd, and pagetune manages boot-time start"
            + " only through systemctl",
        h.plan(Map.of("name", "postgresql", "enabled", true)).failure().orElseThrow());
  }

  @Test
  void aStateThatCannotBeReadIsNamedNotGuessed() {
    ServiceStatus fact = new ServiceStatus("postgresql", Map.of());
    ServiceStatus.Reading r =
        fact.parse(
            io.pagetune.connection.CommandResult.of(1, "", "sudo: a password is required\n"));
    assertEquals(ServiceStatus.Manager.UNREADABLE, r.manager());
    assertEquals("sudo: a password is required", r.active());
    ServiceStatus.Reading none =
        fact.parse(io.pagetune.connection.CommandResult.of(0, "manager=none\n", ""));
    assertEquals(ServiceStatus.Manager.NONE, none.manager());
  }

  @Test
  void badArgumentsAreRefused() {
    ModuleHarness s = harness(ServiceModule.service());
    s.assertRejected(Map.of("name", "x; reboot", "state", "started"), "not a service or unit name");
    s.assertRejected(Map.of("name", "--all", "state", "started"), "not a service or unit name");
    s.assertRejected(Map.of("name", "x"), "'state' or 'enabled' is required");
    s.assertRejected(Map.of("name", "x", "state", "running"), "must be one of");
    s.assertRejected(Map.of("name", "x", "state", "started", "pattern", "x"), "unknown argument");
    s.assertRejected(Map.of("name", "x", "daemon_reload", true), "unknown argument");
    harness(ServiceModule.systemd("systemd"))
        .assertRejected(Map.of("state", "started"), "'name' is required");
    assertEquals(List.of(), host.calls());
  }
}
