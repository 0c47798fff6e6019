package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.state.HostLease;
import io.pagetune.state.HostLeases;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Two real runs at once against the same hosts (local and SSH) and the same state store, SQLite and
 * PostgreSQL: each host is changed by exactly one of them, the other reports the lock.
 */
class ConcurrentRunsTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private static final Pattern LOCKED =
      Pattern.compile(
          "fatal: \\[(\\S+)\\]: FAILED! => locked by run (\\d{8}T\\d{6}Z-[0-9a-f]{6})"
              + " \\((\\S+@\\S+), since \\d{4}-\\d\\d-\\d\\dT[0-9:]+Z\\)");

  @TempDir Path dir;

  private final Map<String, Path> roots = new LinkedHashMap<>();
  private Path inventory;
  private Path playbook;

  /** Two local hosts and two SSH hosts, each with its own directory. */
  private void fleet() throws Exception {
    StringBuilder inv =
        new StringBuilder("all:\n  vars:\n    ansible_user: ")
            .append(ssh.user())
            .append("\n    ansible_ssh_private_key_file: ")
            .append(ssh.clientKey())
            .append("\n  hosts:\n");
    for (String name : List.of("l1", "l2")) {
      Path root = Files.createDirectories(dir.resolve(name));
      roots.put(name, root);
      inv.append("    ").append(name).append(":\n      ansible_connection: local\n");
      inv.append("      root: ").append(root).append('\n');
    }
    List<TestSshHost> up = ssh.start(2, TestSshHost.Options.defaults());
    for (int i = 0; i < up.size(); i++) {
      String name = "s" + (i + 1);
      roots.put(name, up.get(i).workDir());
      inv.append("    ").append(name).append(":\n      ansible_host: 127.0.0.1\n");
      inv.append("      ansible_port: ").append(up.get(i).port()).append('\n');
      inv.append("      root: ").append(up.get(i).workDir()).append('\n');
    }
    inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, inv.toString());
    // slow enough that the runs overlap: the write comes after a pause
    playbook = dir.resolve("slow.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n"
            + "  gather_facts: false\n"
            + "  tasks:\n"
            + "    - name: Sign the visitors' book\n"
            + "      shell: echo ${tag} >> ${root}/visits\n"
            + "    - name: Take a while\n"
            + "      command: sleep 2\n"
            + "    - name: Write the setting\n"
            + "      copy: { dest: \"${root}/setting.conf\", content: \"written by ${tag}\\n\" }\n");
  }

  private String stateLocation(String kind) {
    return kind.equals("sqlite") ? dir.resolve("state.db").toString() : POSTGRES.newDatabase();
  }

  private CompletableFuture<CliRun> start(String state, String tag, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                playbook.toString(),
                "-i",
                inventory.toString(),
                "--known-hosts",
                ssh.knownHosts().toString(),
                "--progress",
                "none",
                "--state",
                state,
                "-e",
                "tag=" + tag));
    args.addAll(List.of(extra));
    return CompletableFuture.supplyAsync(() -> CliRun.of(args.toArray(new String[0])));
  }

  private static List<HostLease> leases(String state) {
    return new HostLeases(StateStore.open(state, Clock.systemUTC(), Map.of()), Clock.systemUTC())
        .list();
  }

  /** Waits until the run tagged in the store holds every host of the fleet. */
  private void awaitAllLeased(String state, int hosts) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (leases(state).size() < hosts) {
      assertTrue(System.nanoTime() < deadline, "the first run never took its hosts");
      Thread.sleep(25);
    }
  }

  private static String recap(CliRun run, String host) {
    for (String line : run.out().split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap for " + host + "\n" + run);
  }

  private static String runId(CliRun run) {
    Matcher m =
        Pattern.compile("(?m)^Run (\\d{8}T\\d{6}Z-[0-9a-f]{6}) \\(pagetune history")
            .matcher(run.out());
    assertTrue(m.find(), "no run id in the output\n" + run);
    return m.group(1);
  }

  /** Host → the run id that holds it, from the "locked by run …" lines of {@code run}. */
  private static Map<String, String> lockLines(CliRun run) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = LOCKED.matcher(run.out());
    while (m.find()) {
      out.put(m.group(1), m.group(2));
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void aSecondRunFailsEveryHostTheFirstHoldsAndTheFleetIsNeverMixed(String kind) throws Exception {
    fleet();
    String state = stateLocation(kind);

    CompletableFuture<CliRun> first = start(state, "A");
    awaitAllLeased(state, roots.size());
    CliRun second = start(state, "B").get(120, TimeUnit.SECONDS);
    CliRun firstRun = first.get(120, TimeUnit.SECONDS);

    assertEquals(0, firstRun.exitCode(), firstRun.toString());
    assertEquals(2, second.exitCode(), second.toString());
    String holder = runId(firstRun);
    Map<String, String> locked = lockLines(second);
    assertEquals(roots.keySet(), locked.keySet(), second.toString());
    for (Map.Entry<String, Path> host : roots.entrySet()) {
      String name = host.getKey();
      assertEquals(holder, locked.get(name), second.toString());
      assertEquals(
          name + " : ok=3 changed=3 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
          recap(firstRun, name));
      assertEquals(
          name + " : ok=0 changed=0 unreachable=0 failed=1 skipped=0 rescued=0 ignored=0",
          recap(second, name));
      assertEquals("A\n", Files.readString(host.getValue().resolve("visits")));
      assertEquals("written by A\n", Files.readString(host.getValue().resolve("setting.conf")));
    }
    // both runs gave their hosts back
    assertEquals(List.of(), leases(state));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void runsStartedTogetherSplitTheHostsButEachHostHasOneWriter(String kind) throws Exception {
    fleet();
    String state = stateLocation(kind);
    CyclicBarrier together = new CyclicBarrier(2);

    CompletableFuture<CliRun> a = startAfter(together, state, "A");
    CompletableFuture<CliRun> b = startAfter(together, state, "B");
    CliRun runA = a.get(120, TimeUnit.SECONDS);
    CliRun runB = b.get(120, TimeUnit.SECONDS);

    Map<String, String> lockedForA = lockLines(runA);
    Map<String, String> lockedForB = lockLines(runB);
    for (Map.Entry<String, Path> host : roots.entrySet()) {
      String name = host.getKey();
      boolean aWrote = !lockedForA.containsKey(name);
      boolean bWrote = !lockedForB.containsKey(name);
      assertTrue(aWrote ^ bWrote, name + "\n" + runA + "\n" + runB);
      String winner = aWrote ? "A" : "B";
      CliRun won = aWrote ? runA : runB;
      CliRun lost = aWrote ? runB : runA;
      assertEquals(runId(won), (aWrote ? lockedForB : lockedForA).get(name));
      assertTrue(recap(won, name).contains("changed=3 unreachable=0 failed=0"), won.toString());
      assertTrue(recap(lost, name).contains("changed=0 unreachable=0 failed=1"), lost.toString());
      assertEquals(winner + "\n", Files.readString(host.getValue().resolve("visits")));
      assertEquals(
          "written by " + winner + "\n", Files.readString(host.getValue().resolve("setting.conf")));
    }
    assertEquals(List.of(), leases(state));
  }

  private CompletableFuture<CliRun> startAfter(CyclicBarrier barrier, String state, String tag) {
    return CompletableFuture.supplyAsync(
            () -> {
              try {
                barrier.await(30, TimeUnit.SECONDS);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
              return null;
            })
        .thenCompose(x -> start(state, tag));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void withALockTimeoutTheSecondRunWaitsAndThenChangesEveryHost(String kind) throws Exception {
    fleet();
    String state = stateLocation(kind);

    CompletableFuture<CliRun> first = start(state, "A");
    awaitAllLeased(state, roots.size());
    CliRun second = start(state, "B", "--lock-timeout", "60").get(120, TimeUnit.SECONDS);
    CliRun firstRun = first.get(120, TimeUnit.SECONDS);

    assertEquals(0, firstRun.exitCode(), firstRun.toString());
    assertEquals(0, second.exitCode(), second.toString());
    assertTrue(lockLines(second).isEmpty(), second.toString());
    for (Map.Entry<String, Path> host : roots.entrySet()) {
      // B came in only after A had written: the book shows A then B, never interleaved
      assertEquals("A\nB\n", Files.readString(host.getValue().resolve("visits")));
      assertEquals("written by B\n", Files.readString(host.getValue().resolve("setting.conf")));
    }
    assertEquals(List.of(), leases(state));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void theLeasesOfADeadRunExpireAndALiveOnesDoNot(String kind) throws Exception {
    fleet();
    String state = stateLocation(kind);
    StateStore store = StateStore.open(state, CliRun.CLOCK, Map.of());
    // a run that died a minute and a bit before now (the CLI's clock): its heartbeat is stale
    HostLeases deadRun =
        new HostLeases(
            store, Clock.offset(CliRun.CLOCK, HostLeases.DEFAULT_EXPIRY.plusSeconds(5).negated()));
    HostLeases liveRun = new HostLeases(store, CliRun.CLOCK);
    for (String host : roots.keySet()) {
      (host.equals("s2") ? liveRun : deadRun)
          .acquire(host, "run 20261129T095800Z-dead00", "carol@ctl9");
    }

    CliRun run = start(state, "A").get(120, TimeUnit.SECONDS);

    assertEquals(2, run.exitCode(), run.toString());
    assertEquals(Map.of("s2", "20261129T095800Z-dead00"), lockLines(run));
    for (String host : List.of("l1", "l2", "s1")) {
      assertEquals(
          host + " : ok=3 changed=3 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
          recap(run, host));
      assertEquals("written by A\n", Files.readString(roots.get(host).resolve("setting.conf")));
    }
    assertTrue(Files.notExists(roots.get("s2").resolve("visits")), run.toString());
    assertTrue(
        run.out()
            .contains(
                "[WARNING]: l1: took over the lease of run 20261129T095800Z-dead00 (carol@ctl9),"
                    + " silent since 2026-11-29T09:58:55Z; it died and may have left changes"
                    + " unfinished"),
        run.toString());
    assertTrue(!run.out().contains("s2: took over"), run.toString());
    // the live lease is untouched; the taken-over ones went back with the run
    assertEquals(
        List.of("s2"), leases(state).stream().map(HostLease::host).toList(), run.toString());
  }

  @Test
  void rollbackTakesLeasesLikeARun() throws Exception {
    fleet();
    String state = stateLocation("sqlite");
    CliRun run = start(state, "A").get(120, TimeUnit.SECONDS);
    assertEquals(0, run.exitCode(), run.toString());
    new HostLeases(StateStore.open(state, CliRun.CLOCK, Map.of()), CliRun.CLOCK)
        .acquire("l1", "run 20261129T095900Z-beef00", "dan@ctl2");

    CliRun rollback =
        CliRun.of(
            "rollback",
            runId(run),
            "-i",
            inventory.toString(),
            "--known-hosts",
            ssh.knownHosts().toString(),
            "--state",
            state);

    assertEquals(2, rollback.exitCode(), rollback.toString());
    assertEquals(Map.of("l1", "20261129T095900Z-beef00"), lockLines(rollback), rollback.toString());
    assertEquals("written by A\n", Files.readString(roots.get("l1").resolve("setting.conf")));
    for (String host : List.of("l2", "s1", "s2")) {
      assertTrue(Files.notExists(roots.get(host).resolve("setting.conf")), rollback.toString());
    }
    assertEquals(
        List.of("l1"), leases(state).stream().map(HostLease::host).toList(), rollback.toString());
  }

  @Test
  void checkRunsAndStatelessRunsTakeNoLeases() throws Exception {
    fleet();
    String state = stateLocation("sqlite");
    CompletableFuture<CliRun> first = start(state, "A");
    awaitAllLeased(state, roots.size());

    CliRun check = start(state, "C", "--check").get(120, TimeUnit.SECONDS);
    CliRun firstRun = first.get(120, TimeUnit.SECONDS);

    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(lockLines(check).isEmpty(), check.toString());
    assertEquals(0, firstRun.exitCode(), firstRun.toString());
    CliRun stateless = start("none", "D").get(120, TimeUnit.SECONDS);
    assertEquals(0, stateless.exitCode(), stateless.toString());
    assertEquals(List.of(), leases(state));
  }
}
