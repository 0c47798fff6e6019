package io.pagetune.connection.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab host sees its own tools only (its stand-ins and the fixed base tools, less what it lacks),
 * and a seed's symlinks stay links that resolve inside the lab root.
 */
class LabToolsTest {
  @TempDir Path tmp;

  private Connection open(String host, Path root, Path seed, Object missing) {
    Map<String, Object> vars = new HashMap<>();
    vars.put("ansible_connection", "lab");
    vars.put("pagetune_lab_root", root.toString());
    if (seed != null) {
      vars.put("pagetune_lab_seed", seed.toString());
    }
    if (missing != null) {
      vars.put("pagetune_lab_missing_tools", missing);
    }
    return LabConnection.factory().open(ConnectionSpec.fromVars(host, vars));
  }

  private static String run(Connection c, String script) {
    CommandResult r = c.run(RemoteCommand.script(script), Duration.ofSeconds(20));
    return r.stdout();
  }

  @Test
  void aHostSeesItsStandInsAndTheBaseToolsButNothingElseOfThisMachine() throws Exception {
    // java runs this test, so this machine has it on PATH; no lab host does
    try (Connection c = open("pase-nwp", tmp.resolve("pase"), null, null)) {
      String out =
          run(
              c,
              "for t in uname sed awk sapcontrol java mvn pg_lsclusters; do"
                  + " command -v $t >/dev/null 2>&1 && echo \"$t yes\" || echo \"$t no\"; done;"
                  + " uname -s");
      assertEquals(
          "uname yes\nsed yes\nawk yes\nsapcontrol yes\njava no\nmvn no\npg_lsclusters yes\nOS400\n",
          out);
    }
  }

  @Test
  void aHostCanLackAStandInAndABaseTool() throws Exception {
    try (Connection c =
        open("pg-db", tmp.resolve("pg"), null, List.of("pg_lsclusters", "timeout"))) {
      String out =
          run(
              c,
              "command -v pg_lsclusters || echo no-pg_lsclusters;"
                  + " command -v timeout || echo no-timeout; command -v psql >/dev/null && echo psql");
      assertEquals("no-pg_lsclusters\nno-timeout\npsql\n", out);
    }
    // a later connection with the tool back has it again
    try (Connection c = open("pg-db", tmp.resolve("pg"), null, "")) {
      assertTrue(run(c, "command -v pg_lsclusters").strip().endsWith("/pg_lsclusters"));
    }
  }

  @Test
  void seedSymlinksStayLinksAndAbsoluteTargetsResolveInsideTheRoot() throws Exception {
    Path seed = tmp.resolve("seed");
    Files.createDirectories(seed.resolve("etc/sysctl.d"));
    Files.createDirectories(seed.resolve(".state"));
    Files.writeString(seed.resolve("etc/sysctl.conf"), "vm.nr_hugepages = 1024\n");
    Files.createSymbolicLink(
        seed.resolve("etc/sysctl.d/99-sysctl.conf"), Path.of("../sysctl.conf"));
    // absolute, as a package would make it: must not reach this machine's /etc/hostname
    Files.writeString(seed.resolve("etc/hostname"), "rhel-lab\n");
    Files.createSymbolicLink(seed.resolve("etc/hostname-link"), Path.of("/etc/hostname"));
    Path root = tmp.resolve("rhel");
    try (Connection c = open("rhel-pg", root, seed, null)) {
      assertTrue(Files.isSymbolicLink(root.resolve("etc/sysctl.d/99-sysctl.conf")));
      assertEquals(
          Path.of("../sysctl.conf"),
          Files.readSymbolicLink(root.resolve("etc/sysctl.d/99-sysctl.conf")));
      assertEquals(
          "vm.nr_hugepages = 1024\n",
          new String(
              c.read("/etc/sysctl.d/99-sysctl.conf", Become.NONE).orElseThrow(),
              StandardCharsets.UTF_8));
      assertEquals("rhel-lab\n", run(c, "cat /etc/hostname-link"));
      assertEquals("rhel-lab\n", Files.readString(root.resolve("etc/hostname-link")));
    }
  }
}
