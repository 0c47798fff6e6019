package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host over SSH whose command output, {@code uname} and file names carry a title-setting OSC, a
 * screen clear, a C1 CSI and a right-to-left override, in a host named with that override: every
 * text output (failure lines, diffs, -v results, recap, history, status, facts table, inventory
 * listing, errors) shows them escaped, terminal or not, and never sends them raw.
 */
class HostControlCharactersTest {
  /** OSC title, ESC[2J, C1 CSI "2J", U+202E; printed by the stand-ins as octal escapes. */
  private static final String PRINTF_HOSTILE =
      "a\\033]0;PWNED\\007b\\033[2Jc\\302\\2332Jd\\342\\200\\256e";

  private static final String SHOWN_HOSTILE =
      "a\\u001B]0;PWNED\\u0007b\\u001B[2Jc\\u009B2Jd\\u202Ee";
  private static final String HOST = "ev\u202Eil";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void hostTextReachesNoOutputRaw() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    stand(bin.resolve("hostile"), "printf '" + PRINTF_HOSTILE + "\\n'\n");
    stand(
        bin.resolve("uname"),
        "case \"$1\" in -s) echo Linux ;; *) printf '" + PRINTF_HOSTILE + "\\n' ;; esac\n");
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    Path root = Files.createDirectories(dir.resolve("root"));
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    \""
                + HOST
                + "\":\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n      root: "
                + root
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: hostile output\n      command: hostile\n      register: h\n"
                + "      check_mode: false\n"
                + "    - name: hostile file\n"
                + "      copy: {dest: \"${root}/note-${h.stdout}\", content: \"${h.stdout}\\n\"}\n"
                + "    - name: hostile failure\n      shell: hostile; exit 3\n"
                + "      check_mode: false\n");
    List<CliRun> runs = new ArrayList<>();
    CliRun check =
        cli("run", playbook.toString(), "-i", inventory.toString(), "--check", "--diff", "-v");
    runs.add(check);
    assertEquals(2, check.exitCode(), check.toString());
    assertTrue(check.out().contains("+" + SHOWN_HOSTILE), "the diff line: " + check);
    assertTrue(
        check.out().contains("fatal: [ev\\u202Eil]: FAILED! =>")
            && check.out().contains(SHOWN_HOSTILE),
        "the failure line: " + check);
    CliRun apply = cli("run", playbook.toString(), "-i", inventory.toString(), "--diff");
    runs.add(apply);
    assertEquals(2, apply.exitCode(), apply.toString());
    Matcher id = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(apply.out());
    assertTrue(id.find(), apply.toString());
    CliRun history = cli("history", id.group(1));
    runs.add(history);
    assertTrue(history.out().contains("note-" + SHOWN_HOSTILE), history.toString());
    runs.add(cli("history"));
    runs.add(cli("status", "-i", inventory.toString()));
    CliRun facts = cli("facts", "-i", inventory.toString());
    runs.add(facts);
    assertTrue(facts.out().contains("PWNED"), facts.toString());
    CliRun list = cli("inventory", "-i", inventory.toString(), "--list");
    runs.add(list);
    assertTrue(list.out().contains("ev\\u202Eil"), list.toString());
    // the escaped form is still JSON: it reads back as the host's real name
    assertTrue(
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(list.out())
            .toString()
            .contains(HOST),
        list.out());
    runs.add(cli("inventory", "-i", inventory.toString(), "--graph"));
    runs.add(cli("rollback", id.group(1), "-i", inventory.toString(), "--check", "--diff"));

    for (CliRun run : runs) {
      for (String raw : List.of("\u001b", "\u0007", "\u009b", "\u202E")) {
        assertFalse(
            run.out().contains(raw) || run.err().contains(raw),
            "raw U+" + Integer.toHexString(raw.charAt(0)) + " in " + run);
      }
    }
  }

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    if (!args[0].equals("history") && !args[0].equals("inventory")) {
      all.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    }
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  private static void stand(Path file, String body) throws Exception {
    Files.writeString(file, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
