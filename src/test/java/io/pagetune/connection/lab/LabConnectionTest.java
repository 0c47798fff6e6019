package io.pagetune.connection.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabConnectionTest {
  @TempDir Path tmp;

  private Connection open(String host, Path root) {
    return LabConnection.factory()
        .open(
            ConnectionSpec.fromVars(
                host, Map.of("ansible_connection", "lab", "pagetune_lab_root", root.toString())));
  }

  @Test
  void seedsTheRootAndKeepsFilesAndToolsInIt() {
    Path root = tmp.resolve("pase");
    try (Connection c = open("pase-nwp", root)) {
      assertTrue(Files.isRegularFile(root.resolve("usr/sap/NWP/SYS/profile/DEFAULT.PFL")));
      assertTrue(c.stat("/usr/sap/NWP/SYS/profile/DEFAULT.PFL", Become.NONE).isPresent());
      assertEquals(
          "/usr/sap/NWP/SYS/profile/DEFAULT.PFL",
          c.stat("/usr/sap/NWP/SYS/profile/DEFAULT.PFL", Become.NONE).get().path());
      c.put(
          "x\n".getBytes(StandardCharsets.UTF_8),
          "/usr/sap/NWP/SYS/profile/new.conf",
          PutOptions.DEFAULT);
      assertTrue(Files.exists(root.resolve("usr/sap/NWP/SYS/profile/new.conf")));
      CommandResult r =
          c.run(RemoteCommand.script("uname -s; pagesize -a | wc -l; pwd"), Duration.ofSeconds(10));
      assertEquals("OS400\n3\n" + root.toAbsolutePath() + "\n", r.stdout());
      assertThrows(ConnectionException.class, () -> c.read("/../../etc/passwd", Become.NONE));
    }
  }

  @Test
  void anExistingRootIsNotReseeded() throws Exception {
    Path root = tmp.resolve("web");
    try (Connection c = open("sol-web256", root)) {
      assertEquals("sol-web256", c.host());
      Files.writeString(root.resolve(".state/isainfo"), "32\n");
    }
    try (Connection c = open("sol-web256", root)) {
      assertEquals(
          "32\n", c.run(RemoteCommand.argv("isainfo", "-b"), Duration.ofSeconds(10)).stdout());
    }
  }

  @Test
  void aHostWithoutSeedIsUnreachable() {
    ConnectionException e =
        assertThrows(ConnectionException.class, () -> open("nosuch", tmp.resolve("x")));
    assertTrue(e.getMessage().contains("no seed"), e.getMessage());
  }

  @Test
  void commandsNameHostPathsAndTheLabMapsThemUnderItsRoot() throws Exception {
    Path root = tmp.resolve("ora");
    try (Connection c = open("ora-rac", root)) {
      Files.writeString(root.resolve("etc/two words.conf"), "lab file\n");
      // argv quoting: the path reaches the shell single-quoted and is mapped inside the quotes
      CommandResult cat =
          c.run(RemoteCommand.argv("cat", "/etc/two words.conf"), Duration.ofSeconds(10));
      assertEquals("lab file\n", cat.stdout());
      // command substitution, double quotes, globs; what the command prints names host paths
      CommandResult r =
          c.run(
              RemoteCommand.script(
                  "m=\"$(cat /proc/meminfo)\"; echo \"$m\" | grep -c HugePages_Total;"
                      + " for f in /etc/sysctl.d/*.conf; do echo \"$f\"; done | head -n 1;"
                      + " /bin/sh -c 'echo tool' </dev/null"),
              Duration.ofSeconds(10));
      assertEquals(
          "1\n/etc/sysctl.d/99-oracle-database-preinstall-19c-sysctl.conf\ntool\n",
          r.stdout(),
          r.stderr());
      // a file the lab host lacks is missing, even where this machine has one
      CommandResult missing =
          c.run(RemoteCommand.script("cat /etc/hostname"), Duration.ofSeconds(10));
      assertEquals(1, missing.exitCode());
      assertEquals("cat: /etc/hostname: No such file or directory\n", missing.stderr());
    }
  }
}
