package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshInventoryHost;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a {@code no_log} task wrote over SSH stays hidden in every later view of the journal:
 * rollback's diffs (checked and applied), history and status, text and JSON; the journal records
 * that the change came from a {@code no_log} task, while a plain task's diff is still shown.
 */
class NoLogJournalViewsTest {
  private static final String OLD_SECRET = "OldS3cret-4711";
  private static final String NEW_SECRET = "NewS3cret-0815";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    return plain(all.toArray(new String[0]));
  }

  private CliRun plain(String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), args);
  }

  @Test
  void aNoLogTasksContentStaysHiddenInRollbackHistoryAndStatus() throws Exception {
    TestSshHost server = ssh.start();
    Path root = Files.createDirectories(dir.resolve("box"));
    Path secret = root.resolve("db.credentials");
    Path plain = root.resolve("97-hugepages.conf");
    Files.writeString(secret, "password=" + OLD_SECRET + "\n");
    Files.writeString(plain, "vm.nr_hugepages = 4\n");
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"), SshInventoryHost.inventory(ssh, server, "box", root));
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: credentials\n"
                + "      no_log: true\n"
                + "      copy: {dest: \"${root}/db.credentials\", content: \"password="
                + NEW_SECRET
                + "\\n\"}\n"
                + "    - name: hugepages\n"
                + "      copy: {dest: \"${root}/97-hugepages.conf\", content: \"vm.nr_hugepages ="
                + " 8\\n\"}\n");

    CliRun run =
        cli("run", playbook.toString(), "-i", inventory.toString(), "--diff", "--progress", "none");
    assertEquals(0, run.exitCode(), run.toString());
    assertHidden(run);
    String runId = runId(run);

    CliRun check = cli("rollback", runId, "-i", inventory.toString(), "--check", "--diff");
    assertEquals(0, check.exitCode(), check.toString());
    assertHidden(check);
    assertTrue(check.out().contains("-vm.nr_hugepages = 8"), "a plain task's diff is shown");

    CliRun rollback = cli("rollback", runId, "-i", inventory.toString(), "--diff");
    assertEquals(0, rollback.exitCode(), rollback.toString());
    assertHidden(rollback);
    assertTrue(rollback.out().contains("+vm.nr_hugepages = 4"), rollback.toString());
    assertEquals("password=" + OLD_SECRET + "\n", Files.readString(secret));
    assertEquals("vm.nr_hugepages = 4\n", Files.readString(plain));
    String undo = runId(rollback);

    for (String id : List.of(runId, undo)) {
      CliRun history = plain("history", id);
      assertHidden(history);
      assertTrue(
          history
              .out()
              .lines()
              .anyMatch(l -> l.startsWith("box  " + secret) && l.contains("(no_log)")),
          "the journal knows the change came from a no_log task: " + history);
      CliRun json = plain("history", id, "--output", "json");
      assertHidden(json);
      assertTrue(json.out().contains("\"no_log\" : true"), json.out());
    }
    assertHidden(plain("history"));
    assertHidden(plain("status", "-i", inventory.toString()));
    CliRun status = plain("status", "-i", inventory.toString(), "--output", "json");
    assertHidden(status);
    assertTrue(status.out().contains("\"no_log\" : true"), status.out());
  }

  private static void assertHidden(CliRun run) {
    for (String secret : List.of(OLD_SECRET, NEW_SECRET)) {
      assertFalse(run.out().contains(secret), run.toString());
      assertFalse(run.err().contains(secret), run.toString());
    }
  }

  private static String runId(CliRun run) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(run.out());
    assertTrue(m.find(), run.toString());
    return m.group(1);
  }
}
