package io.pagetune.connection.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths a script does not write but reads (out of a host file, out of a stand-in's output such as
 * {@code systemctl show}) are the lab host's paths when the script uses them, though the script is
 * exactly what a real host runs: no lab variable in it.
 */
class LabDerivedPathsTest {
  @TempDir Path tmp;

  private Path root;

  private Connection open(Path bin) throws IOException {
    root = tmp.resolve("host");
    Path seed = Files.createDirectories(tmp.resolve("seed"));
    Files.createDirectories(seed.resolve("etc"));
    Files.createDirectories(seed.resolve("sapmnt/QAS/profile"));
    Files.writeString(seed.resolve("sapmnt/QAS/profile/QAS_D00_qas1"), "SAPSYSTEM = 00\n");
    Files.writeString(
        seed.resolve("etc/services.list"),
        "LIBPATH=/usr/sap/QAS/D00/exe; sapstartsrv pf=/sapmnt/QAS/profile/QAS_D00_qas1 -D\n");
    Files.createDirectories(seed.resolve("var/lib/pgsql/16/data"));
    Files.writeString(seed.resolve("var/lib/pgsql/16/data/PG_VERSION"), "16\n");
    return LabConnection.factory()
        .open(
            ConnectionSpec.fromVars(
                "derived",
                Map.of(
                    "ansible_connection", "lab",
                    "pagetune_lab_root", root.toString(),
                    "pagetune_lab_seed", seed.toString(),
                    "pagetune_lab_bin", bin.toString())));
  }

  private Path bin() throws IOException {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    // a RHEL host's systemctl: the unit's data directory only in its show output
    Path systemctl = bin.resolve("systemctl");
    Files.writeString(
        systemctl,
        "#!/bin/sh\n"
            + "echo 'Id=postgresql-16.service'\n"
            + "echo 'Environment=PGDATA=/var/lib/pgsql/16/data PG_OOM_ADJUST_VALUE=0'\n");
    assertTrue(systemctl.toFile().setExecutable(true));
    return bin;
  }

  private CommandResult run(Connection c, String script) {
    return c.run(RemoteCommand.script(script), Duration.ofSeconds(20));
  }

  @Test
  void aPathReadOutOfAHostFileIsTheHostsPathWhenUsed() throws IOException {
    try (Connection c = open(bin())) {
      CommandResult r =
          run(
              c,
              "pf=$(sed -n 's/.*pf=\\([^ ]*\\).*/\\1/p' /etc/services.list)\n"
                  + "d=${pf%/*}\n"
                  + "[ -d \"$d\" ] && echo \"dir $d\"\n"
                  + "for f in \"$d\"/*; do echo \"glob $f\"; done\n"
                  + "while read -r line; do echo \"read $line\"; done < \"$pf\"\n"
                  + "ls \"$d\"");
      assertEquals(
          "dir /sapmnt/QAS/profile\n"
              + "glob /sapmnt/QAS/profile/QAS_D00_qas1\n"
              + "read SAPSYSTEM = 00\n"
              + "QAS_D00_qas1\n",
          r.stdout(),
          r.stderr());
    }
  }

  @Test
  void aPathInAStandInsOutputIsTheHostsPathWhenUsed() throws IOException {
    try (Connection c = open(bin())) {
      CommandResult r =
          run(
              c,
              "s=$(systemctl show -p Environment postgresql-16.service)\n"
                  + "d=$(printf '%s\\n' \"$s\" | sed -n 's/^Environment=//p' | tr ' ' '\\n'"
                  + " | sed -n 's/^PGDATA=//p')\n"
                  + "[ -r \"$d/PG_VERSION\" ] && echo \"$d $(cat \"$d/PG_VERSION\")\"");
      assertEquals("/var/lib/pgsql/16/data 16\n", r.stdout(), r.stderr());
    }
  }

  @Test
  void aWrappedToolKeepsItsExitStatusMessagesAndTheFilesItWrites() throws IOException {
    try (Connection c = open(bin())) {
      CommandResult r =
          run(
              c,
              "grep -q nothing /etc/services.list; echo \"grep $?\"\n"
                  + "cat /etc/services.list | grep -c sapstartsrv\n"
                  + "sed 's/-D/-X/' /etc/services.list > /etc/copy.list\n"
                  + "cat /etc/none");
      assertEquals("grep 1\n1\n", r.stdout());
      assertEquals("cat: /etc/none: No such file or directory\n", r.stderr());
      // written through a file, not a pipe: the host's paths as they were, no lab root in them
      assertEquals(
          "LIBPATH=/usr/sap/QAS/D00/exe; sapstartsrv pf=/sapmnt/QAS/profile/QAS_D00_qas1 -X\n",
          Files.readString(root.resolve("etc/copy.list")));
    }
  }

  @Test
  void noFileOfTheHostHoldsTheLabRootAfterARun() throws IOException {
    try (Connection c = open(bin())) {
      run(c, "d=$(sed -n 's/.*pf=\\([^ ]*\\).*/\\1/p' /etc/services.list); echo \"$d\" | cat");
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String text = Files.readString(f);
        assertTrue(!text.contains(root.toString()), f + " holds the lab root");
      }
    }
    assertEquals(Set.of("etc", "sapmnt", "var"), Set.copyOf(names(root)));
  }

  private static java.util.List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList();
    }
  }
}
