package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -vv} over SSH traces every command, but not a {@code no_log} task's, and never a secret
 * given with {@code -e} (top level or nested) or pagetune's own secret variables, wherever a task
 * would print them.
 */
class VerboseSecretsTest {
  private static final String TOP = "top-s3cret-4711";
  private static final String NESTED = "nested-t0ken-0815";
  private static final String BECOME = "become-pw-2024";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void noLogCommandsAndSecretValuesNeverReachTheTrace() throws Exception {
    TestSshHost server = ssh.start();
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n      out: "
                + dir.resolve("secret.txt")
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - name: hidden\n      no_log: true\n"
                + "      shell: \"echo '${db_password} ${vault.api_token}' > ${out}\"\n"
                + "    - name: shown\n"
                + "      shell: \"test -n '${db_password}' && test -n '${vault.api_token}'\"\n"
                // a value that happens to be pagetune's become password is not printed either
                + "    - name: echo\n      debug: {msg: \"value ${echo_me}\"}\n");
    CliRun run =
        CliRun.withEnv(
            Map.of(
                "PAGETUNE_STATE",
                dir.resolve("state.db").toString(),
                "PAGETUNE_BECOME_PASSWORD",
                BECOME),
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--known-hosts",
            ssh.knownHosts().toString(),
            "-vv",
            "-e",
            "db_password=" + TOP,
            "-e",
            "{\"vault\": {\"api_token\": \"" + NESTED + "\"}, \"echo_me\": \"" + BECOME + "\"}");
    assertEquals(0, run.exitCode(), run.toString());
    // the commands ran with the real values
    assertEquals(TOP + " " + NESTED + "\n", Files.readString(dir.resolve("secret.txt")));
    assertTrue(run.err().contains("<box> EXEC: (hidden: no_log)"), run.toString());
    assertTrue(run.err().contains("<box> EXEC: test -n '***' && test -n '***'"), run.toString());
    assertTrue(run.out().contains("ok: [box] => value ***"), run.toString());
    for (String secret : new String[] {TOP, NESTED, BECOME}) {
      assertFalse(run.out().contains(secret) || run.err().contains(secret), secret + ": " + run);
    }
  }
}
