package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.executor.ExitStatus;
import io.pagetune.testing.CliRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of the control node (state database unreachable or corrupt, disk full) exit with 6 and one
 * line that names the store without its credentials, never as "internal error".
 */
class EnvironmentFaultTest {
  @TempDir Path dir;

  private static void assertEnvironmentFault(CliRun run, String... expected) {
    assertEquals(6, run.exitCode(), run.toString());
    String line = run.err().strip();
    assertFalse(line.contains("\n"), "one line only: " + run);
    assertFalse(line.contains("internal error"), run.toString());
    assertFalse(line.contains("Exception"), run.toString());
    for (String e : expected) {
      assertTrue(line.contains(e), e + " in " + run);
    }
  }

  @Test
  void corruptSqliteStateIsAnEnvironmentFault() throws Exception {
    Path db = dir.resolve("state.db");
    byte[] garbage = new byte[8192];
    new Random(7).nextBytes(garbage);
    Files.write(db, garbage);
    // private already, as pagetune makes its store: only the damage is reported
    Files.setPosixFilePermissions(
        db, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    CliRun run = CliRun.of("history", "--state", db.toString());
    assertEnvironmentFault(run, "state store " + db, "not a database");
    assertTrue(java.util.Arrays.equals(garbage, Files.readAllBytes(db)), "the file was changed");
  }

  @Test
  void unreachablePostgresIsAnEnvironmentFaultWithoutItsCredentials() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    String url =
        "jdbc:postgresql://node:s3cret-pw@127.0.0.1:"
            + port
            + "/pagetune?password=s3cret-pw&connectTimeout=5";
    CliRun run =
        CliRun.withEnv(Map.of("PAGETUNE_STATE_PASSWORD", "env-s3cret"), "history", "--state", url);
    assertEnvironmentFault(run, "state store jdbc:postgresql://127.0.0.1:" + port + "/pagetune");
    assertFalse(run.err().contains("s3cret"), run.toString());
    assertFalse(run.out().contains("s3cret"), run.toString());
  }

  @Test
  void diskFullOnTheControlNodeIsAnEnvironmentFault() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    int code =
        new ErrorExit(err)
            .report(
                new UncheckedIOException(
                    new IOException("target/report.json: No space left on device")),
                false);
    assertEquals(ExitStatus.ENVIRONMENT_FAULT.code(), code);
    assertEquals(
        "pagetune: control node I/O error: java.io.IOException: target/report.json: No space left"
            + " on device",
        bytes.toString(StandardCharsets.UTF_8).strip());
  }

  @Test
  void internalErrorsStayExitOneAndAreMasked() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    int code =
        new ErrorExit(err)
            .report(new IllegalStateException("bad state of https://u:pw123@x.example/y"), false);
    assertEquals(1, code);
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("https://u:***@x.example/y"), text);
    assertFalse(text.contains("pw123"), text);
  }

  /**
   * The state store breaks while the run is going (here a task overwrites it): journaling the next
   * change fails, and the run stops with exit 6 and the store's one line instead of failing the
   * host (exit 2) and going on without a journal.
   */
  @Test
  void stateStoreBreakingMidRunStopsTheRun() throws Exception {
    Path db = dir.resolve("state.db");
    Path marker = dir.resolve("written");
    Path inventory = dir.resolve("hosts.yml");
    Files.writeString(inventory, "all:\n  hosts:\n    h1:\n      ansible_connection: local\n");
    Path playbook = dir.resolve("p.yml");
    Files.writeString(
        playbook,
        "- hosts: all\n  gather_facts: false\n  tasks:\n"
            + "    - name: Break the state store\n"
            + "      shell: head -c 65536 /dev/urandom > '"
            + db
            + "' && rm -f '"
            + db
            + "-wal' '"
            + db
            + "-shm'\n"
            + "    - name: Write a file\n"
            + "      copy: { dest: '"
            + marker
            + "', content: \"x\\n\" }\n");
    CliRun run =
        CliRun.of("run", playbook.toString(), "-i", inventory.toString(), "--state", db.toString());
    assertEquals(6, run.exitCode(), run.toString());
    String[] lines = run.err().strip().split("\n");
    String last = lines[lines.length - 1];
    assertTrue(last.startsWith("pagetune: state store " + db + ": "), run.toString());
    assertFalse(run.err().contains("internal error"), run.toString());
    assertFalse(run.out().contains("PLAY RECAP"), "the run went on: " + run);
  }

  /** stdout on a full disk: the output is lost, so the run must not report success. */
  @Test
  void outputLostToAFullDiskIsAnEnvironmentFault() {
    java.io.OutputStream full =
        new java.io.OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("No space left on device");
          }
        };
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(full, false, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    int code =
        new Cli(CliRun.CLOCK, out, err, Map.of("NO_COLOR", "1"))
            .execute("inventory", "-i", "inventory/lab.yml", "--list");
    assertEquals(6, code);
    assertEquals(
        "pagetune: could not write all output to stdout (disk full or output closed); it is"
            + " incomplete",
        errBytes.toString(StandardCharsets.UTF_8).strip());
  }
}
