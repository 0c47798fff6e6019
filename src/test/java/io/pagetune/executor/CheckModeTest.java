package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import io.pagetune.testing.TreeHash;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --check on a playbook that would change many files changes nothing, and says what it would. */
class CheckModeTest {
  private static final String PLAYBOOK = "src/test/resources/executor/many-changes.yml";

  @TempDir Path dir;

  private void seed(Path root) throws Exception {
    Files.createDirectories(root.resolve("sysctl.d"));
    Files.writeString(root.resolve("existing.conf"), "old=1\nkeep=2\n");
    Files.writeString(root.resolve("edit.conf"), "old=1\nkeep=2\n");
    Files.writeString(root.resolve("obsolete"), "remove me\n");
    Files.writeString(root.resolve("mode.sh"), "#!/bin/sh\n");
    Files.setPosixFilePermissions(
        root.resolve("mode.sh"), PosixFilePermissions.fromString("rw-r--r--"));
    Files.writeString(root.resolve("sysctl.d/97-hp.conf"), "# pool\nvm.nr_hugepages = 1024\n");
  }

  @Test
  void checkChangesNothingAndReportsWhatWouldChange() throws Exception {
    Path inventory = LocalFleet.write(dir, 3);
    for (int i = 1; i <= 3; i++) {
      seed(dir.resolve("h" + i));
    }
    String before = TreeHash.of(dir);
    CliRun check = CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--check", "--diff");
    assertEquals(0, check.exitCode(), check.toString());
    assertEquals(before, TreeHash.of(dir), "check mode changed the tree:\n" + check.out());
    // 9 file tasks would change, 2 commands are skipped, facts are ok
    for (int i = 1; i <= 3; i++) {
      assertTrue(
          check.out().contains("h" + i + " ")
              && check
                  .out()
                  .matches(
                      "(?s).*h"
                          + i
                          + " +: ok=10 +changed=9 +unreachable=0 +failed=0 +skipped=2 .*"),
          check.out());
    }
    assertTrue(check.out().contains("+old=replaced"), check.out());
    assertTrue(check.out().contains("-vm.nr_hugepages = 1024"), check.out());
    assertTrue(check.out().contains("+vm.nr_hugepages=6144"), check.out());

    CliRun detailed =
        CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--check", "--detailed-exitcode");
    assertEquals(5, detailed.exitCode(), detailed.toString());
    assertEquals(before, TreeHash.of(dir));

    // apply, then check again: nothing would change any more
    CliRun apply = CliRun.of("run", PLAYBOOK, "-i", inventory.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(Files.exists(dir.resolve("h1/command-ran")));
    String applied = TreeHash.of(dir);
    CliRun recheck =
        CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--check", "--detailed-exitcode");
    assertEquals(applied, TreeHash.of(dir));
    assertTrue(recheck.out().matches("(?s).*h1 +: ok=10 +changed=0 .*"), recheck.out());
  }
}
