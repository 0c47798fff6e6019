package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the real {@code ./pagetune} launcher from the repository root, as a user does. It runs in
 * the integration-test phase (maven-failsafe), after {@code package} built target/pagetune.jar, so
 * the launcher finds a fresh jar and does not build one.
 */
class LauncherIT {
  private static final Path ROOT = Path.of("").toAbsolutePath();

  /** Strict: a line with anything after its JSON value is not JSON. */
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  @TempDir Path dir;

  record Launched(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit=" + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  private Launched launch(Map<String, String> env, String... args) throws Exception {
    return launch(ROOT, env, args);
  }

  /** Runs {@code home}/pagetune to its end. */
  private Launched launch(Path home, Map<String, String> env, String... args) throws Exception {
    Process p = start(home, env, args);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "launcher did not finish");
    return new Launched(
        p.exitValue(),
        Files.readString(dir.resolve("stdout"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8));
  }

  private Process start(Path home, Map<String, String> env, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(home.resolve("pagetune").toString());
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile());
    // the JDK running the tests runs the launcher too
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("PAGETUNE_JAVA_OPTS");
    pb.environment().put("PAGETUNE_STATE", dir.resolve("state.db").toString());
    pb.environment().put("NO_COLOR", "1");
    pb.environment().putAll(env);
    pb.redirectOutput(dir.resolve("stdout").toFile());
    pb.redirectError(dir.resolve("stderr").toFile());
    return pb.start();
  }

  /**
   * The launcher beside a copy of the jar in a fresh folder: no class-data archive yet, so a run
   * takes the path that writes one, and the test's archives stay out of the repository's target/.
   */
  private Path launcherWithoutArchive() throws IOException {
    Path home = dir.resolve("home");
    Files.createDirectories(home.resolve("target"));
    Files.copy(
        ROOT.resolve("pagetune"),
        home.resolve("pagetune"),
        java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
    Files.copy(ROOT.resolve("target/pagetune.jar"), home.resolve("target/pagetune.jar"));
    return home;
  }

  /** {@code home}/pagetune runs a play of {@code task} on a local host, without a state store. */
  private Process startLocalRun(Path home, String task) throws IOException {
    Path inventory = dir.resolve("local.yml");
    Files.writeString(inventory, "all:\n  hosts:\n    h1:\n      ansible_connection: local\n");
    Path playbook = dir.resolve("local-play.yml");
    Files.writeString(
        playbook, "- hosts: all\n  gather_facts: false\n  tasks:\n    - " + task + "\n");
    return start(
        home, Map.of(), "run", playbook.toString(), "-i", inventory.toString(), "--state", "none");
  }

  private static boolean isJava(ProcessHandle p) {
    return p.info().command().map(c -> c.endsWith("/java")).orElse(false);
  }

  private static void assertNoJvmChatter(Launched run) {
    for (String stream : List.of(run.out(), run.err())) {
      assertFalse(stream.contains("[warning]"), "a JVM log warning: " + run);
      assertFalse(stream.contains("VM warning"), "a JVM warning: " + run);
      assertFalse(stream.contains("NewSize"), "a heap-sizing warning: " + run);
      assertFalse(stream.contains("WARNING: "), "a JDK warning: " + run);
    }
    assertFalse(run.err().contains("building target/pagetune.jar"), "jar was stale: " + run);
  }

  @Test
  void runOutputJsonIsOneJsonObjectPerLine() throws Exception {
    Launched run =
        launch(
            Map.of(),
            "run",
            "playbooks/site.yml",
            "-i",
            "inventory/lab.yml",
            "--check",
            "--output",
            "json",
            "--state",
            "none");
    assertEquals(0, run.exit(), run.toString());
    assertNoJvmChatter(run);
    List<String> lines = run.out().lines().toList();
    assertTrue(lines.size() > 10, run.toString());
    List<String> events = new ArrayList<>();
    for (String line : lines) {
      JsonNode event = JSON.readTree(line);
      assertTrue(event.isObject(), line);
      assertTrue(event.hasNonNull("time"), line);
      events.add(event.get("event").asText());
    }
    assertEquals("run_started", events.get(0), run.toString());
    assertEquals("run_finished", events.get(events.size() - 1), run.toString());
    JsonNode finished = JSON.readTree(lines.get(lines.size() - 1));
    assertEquals(0, finished.get("exit_code").asInt());
    assertTrue(finished.get("recap").has("localhost"), finished.toString());
  }

  @Test
  void inventoryListIsOneJsonDocument() throws Exception {
    Launched run = launch(Map.of(), "inventory", "-i", "inventory/lab.yml", "--list");
    assertEquals(0, run.exit(), run.toString());
    assertNoJvmChatter(run);
    JsonNode inventory = JSON.readTree(run.out());
    assertTrue(inventory.get("_meta").get("hostvars").has("pase-nwp"), run.toString());
    assertTrue(inventory.has("oracle_db"), run.toString());
  }

  /**
   * A 200 MB file under lineinfile is refused from its size before it is read: with a heap far
   * smaller than the file, reading it would end in an OutOfMemoryError instead of this line.
   */
  @Test
  void oversizedFileIsRefusedBeforeItIsRead() throws Exception {
    Path big = dir.resolve("big.conf");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(200L * 1024 * 1024); // sparse: no disk, no memory
    }
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, "all:\n  hosts:\n    h1:\n      ansible_connection: local\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n    - name: Edit a huge file\n"
            + "      lineinfile: { path: \""
            + big
            + "\", line: 'x=1' }\n");
    for (Map<String, String> env :
        List.of(
            Map.<String, String>of(),
            Map.of("PAGETUNE_JAVA_OPTS", "-XX:+UseSerialGC -Xmx48m -Xms48m -Xmn16m"))) {
      Launched run = launch(env, "run", playbook.toString(), "-i", inventory.toString());
      assertEquals(4, run.exit(), env + "\n" + run);
      assertNoJvmChatter(run);
      String last = lastLine(run.err());
      assertTrue(last.contains("p.yml:5:7: task 'Edit a huge file': lineinfile: "), run.toString());
      assertTrue(last.contains(big + " is 209715200 bytes"), run.toString());
      assertTrue(last.contains("pagetune_max_file_bytes"), run.toString());
      assertFalse(run.err().contains("OutOfMemoryError"), run.toString());
      assertEquals(200L * 1024 * 1024, Files.size(big));
    }
  }

  /**
   * Input errors through the real launcher: exit 4 and one line at the offending text's own line,
   * before the only host (which listens nowhere) is contacted.
   */
  @Test
  void loadTimeErrorsExitFourBeforeAnyHost() throws Exception {
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(
        inventory,
        "all:\n  hosts:\n    h1:\n      ansible_host: 127.0.0.1\n      ansible_port: 1\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook, "- hosts: all\n  tasks:\n    - debug: {msg: hi}\n      when: sga_gb >\n");
    Launched broken =
        launch(Map.of(), "run", playbook.toString(), "-i", inventory.toString(), "--state", "none");
    assertEquals(4, broken.exit(), broken.toString());
    assertNoJvmChatter(broken);
    assertEquals(1, broken.err().strip().lines().count(), broken.toString());
    assertTrue(broken.err().contains("p.yml:4:"), broken.toString());
    assertTrue(broken.err().contains("when: syntax error in 'sga_gb >'"), broken.toString());
    assertFalse(broken.out().contains("UNREACHABLE"), broken.toString());

    Files.createDirectories(dir.resolve("group_vars"));
    // a Jinja2 file loads now; a construct not yet shown to behave as in Ansible is refused
    Files.writeString(
        dir.resolve("group_vars/all.yml"), "---\nowner: \"{{ sid | truncate }}adm\"\n");
    Files.writeString(playbook, "- hosts: all\n  tasks:\n    - debug: {msg: hi}\n");
    Launched jinja =
        launch(Map.of(), "run", playbook.toString(), "-i", inventory.toString(), "--state", "none");
    assertEquals(4, jinja.exit(), jinja.toString());
    assertEquals(1, jinja.err().strip().lines().count(), jinja.toString());
    assertTrue(
        jinja
            .err()
            .contains("group_vars/all.yml:2:18: owner: Jinja2 filter 'truncate' is not yet shown"),
        jinja.toString());
    assertFalse(jinja.err().contains("pagetune_result__"), jinja.toString());
    assertFalse(jinja.out().contains("UNREACHABLE"), jinja.toString());
  }

  /** An inventory's own change_window: stdout stays one JSON document, the note is on stderr. */
  @Test
  void inventoryNotesOldSettingNamesOnStderrOnly() throws Exception {
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, "all:\n  hosts:\n    h1:\n      change_window: sun-0200\n");
    Launched run = launch(Map.of(), "inventory", "-i", inventory.toString(), "--list");
    assertEquals(0, run.exit(), run.toString());
    JsonNode inv = JSON.readTree(run.out());
    assertEquals(
        "sun-0200", inv.get("_meta").get("hostvars").get("h1").get("change_window").asText());
    assertTrue(
        run.err()
            .startsWith(
                "[NOTE]: inventory variable change_window (host h1) is not a pagetune setting"),
        run.toString());
  }

  private static String lastLine(String text) throws IOException {
    List<String> lines = text.strip().lines().toList();
    return lines.get(lines.size() - 1);
  }

  /** {@code pagetune inventory --list > /dev/full}: the lost output is exit 6, not success. */
  @Test
  void stdoutOnAFullDiskIsAnEnvironmentFault() throws Exception {
    java.io.File full = new java.io.File("/dev/full");
    org.junit.jupiter.api.Assumptions.assumeTrue(full.exists(), "needs Linux's /dev/full");
    ProcessBuilder pb =
        new ProcessBuilder(
                ROOT.resolve("pagetune").toString(),
                "inventory",
                "-i",
                "inventory/lab.yml",
                "--list")
            .directory(ROOT.toFile());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().remove("PAGETUNE_JAVA_OPTS");
    pb.redirectOutput(full);
    pb.redirectError(dir.resolve("stderr").toFile());
    Process p = pb.start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES));
    String err = Files.readString(dir.resolve("stderr"));
    assertEquals(6, p.exitValue(), err);
    assertTrue(err.contains("could not write all output to stdout"), err);
  }

  /**
   * A SIGTERM to the launcher's PID (a service manager, a CI job, {@code timeout}) ends the JVM,
   * also on the run that writes the class-data archive at its exit, instead of leaving it to run
   * its tasks on without the launcher.
   */
  @Test
  void sigtermToTheLauncherEndsTheJvm() throws Exception {
    Path home = launcherWithoutArchive();
    Process launcher = startLocalRun(home, "command: sleep 300");
    List<ProcessHandle> started = new ArrayList<>();
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      // the task's sleep runs: the JVM is up and busy
      while (launcher
          .descendants()
          .noneMatch(p -> p.info().commandLine().orElse("").contains("sleep 300"))) {
        assertTrue(
            launcher.isAlive(), "launcher ended early: " + Files.readString(dir.resolve("stderr")));
        assertTrue(System.nanoTime() < deadline, "the task never started");
        Thread.sleep(200);
      }
      started.addAll(launcher.descendants().toList());
      List<ProcessHandle> jvms =
          Stream.concat(Stream.of(launcher.toHandle()), started.stream())
              .filter(LauncherIT::isJava)
              .toList();
      assertFalse(jvms.isEmpty(), "no JVM under the launcher");
      launcher.destroy(); // SIGTERM
      assertTrue(launcher.waitFor(2, TimeUnit.MINUTES), "launcher did not end");
      for (ProcessHandle jvm : jvms) {
        jvm.onExit().completeOnTimeout(jvm, 2, TimeUnit.MINUTES).join();
        assertFalse(jvm.isAlive(), "the JVM runs on after SIGTERM: " + jvm.info());
      }
      assertEquals(143, launcher.exitValue());
    } finally {
      started.forEach(ProcessHandle::destroyForcibly);
      launcher.destroyForcibly();
    }
  }

  /**
   * The run that writes the class-data archive leaves it under its own PID (it ends as the JVM, so
   * no launcher is left to move it); the next start puts it in place, and the JVM maps it.
   */
  @Test
  void classDataArchiveWrittenAtExitIsMappedFromTheNextStart() throws Exception {
    Path home = launcherWithoutArchive();
    Path target = home.resolve("target");
    Process first = startLocalRun(home, "debug: {msg: hi}");
    assertTrue(first.waitFor(5, TimeUnit.MINUTES), "launcher did not finish");
    assertEquals(0, first.exitValue(), Files.readString(dir.resolve("stderr")));
    assertTrue(Files.size(target.resolve("pagetune.jsa." + first.pid())) > 0);
    assertTrue(Files.exists(target.resolve("pagetune.jsa." + first.pid() + ".stamp")));
    assertFalse(Files.exists(target.resolve("pagetune.jsa")));

    Path loads = dir.resolve("class-load.log");
    Launched second =
        launch(
            home, Map.of("PAGETUNE_JAVA_OPTS", "-Xlog:class+load=info:file=" + loads), "--version");
    assertEquals(0, second.exit(), second.toString());
    try (Stream<Path> files = Files.list(target)) {
      assertEquals(
          List.of("pagetune.jar", "pagetune.jsa", "pagetune.jsa.stamp"),
          files.map(f -> f.getFileName().toString()).sorted().toList());
    }
    assertTrue(
        Files.readString(loads).contains("io.pagetune.cli.Main source: shared objects file (top)"),
        "the archive was not mapped");
  }
}
