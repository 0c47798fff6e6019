package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A playbook over SSH with what ansible-vault encrypted: a {@code group_vars} file (vault id {@code
 * prod}), an inline {@code !vault} value (id {@code default}), a {@code copy} source and a {@code
 * template} file. The host gets the plaintext, as from ansible-playbook; the output never shows it.
 * A wrong or missing password stops the run before any host is contacted, naming the file.
 */
class VaultRunTest {
  private static final String DB_PW = "Vault-Db-Pw-9a1";
  private static final String TOKEN = "Inline-Secret-7b2";
  private static final String COPY_PW = "Copy-Src-Pw-31";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void encryptedVarsInlineValuesAndSourcesReachTheHostDecrypted() throws Exception {
    TestSshHost server = ssh.start();
    Path inventory = project(server);
    CliRun run =
        run(
            inventory,
            "--vault-password-file",
            password("alpha-pass").toString(),
            "--vault-id",
            "prod@" + password("bravo-pass"),
            "--diff");
    assertEquals(0, run.exitCode(), run.toString());
    Path out = dir.resolve("box");
    assertEquals(
        "password=" + DB_PW + "\ntoken=" + TOKEN + "\npages=512\n",
        Files.readString(out.resolve("app.env")));
    assertEquals(
        "listen_password = " + COPY_PW + "\n", Files.readString(out.resolve("secret.conf")));
    assertEquals(
        "# rendered for box\npassword=" + DB_PW + "\n", Files.readString(out.resolve("app.conf")));
    for (String secret : List.of(DB_PW, TOKEN, COPY_PW)) {
      assertFalse(run.out().contains(secret) || run.err().contains(secret), secret + ": " + run);
    }
    assertTrue(run.out().contains("***"), "the diffs show the secrets masked: " + run);
    // a second run changes nothing: the decrypted values are stable
    CliRun again =
        run(
            inventory,
            "--vault-id",
            "prod@" + password("bravo-pass"),
            "--vault-id",
            password("alpha-pass").toString());
    assertTrue(again.out().contains("changed=0"), again.toString());
  }

  @Test
  void aWrongPasswordStopsBeforeAnyHostIsContactedNamingTheFile() throws Exception {
    TestSshHost server = ssh.start();
    Path inventory = project(server);
    CliRun run =
        run(
            inventory,
            "--vault-password-file",
            password("alpha-pass").toString(),
            "--vault-id",
            "prod@" + password("wrong-pass"));
    assertEquals(4, run.exitCode(), run.toString());
    String group = Path.of("inv", "group_vars", "db", "vault.yml").toString();
    assertTrue(
        run.err().contains(group + ":1:1: no vault password given decrypts this (vault id 'prod')"),
        run.toString());
    assertEquals(1, run.err().strip().lines().count(), run.toString());
    assertEquals(List.of(), server.loginUsers());
  }

  @Test
  void aMissingPasswordNamesTheInlineValuesLine() throws Exception {
    TestSshHost server = ssh.start();
    Path inventory = project(server);
    // group_vars decrypt with prod; the inline value needs the default id's password
    CliRun run = run(inventory, "--vault-id", "prod@" + password("bravo-pass"));
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(
        run.err().contains("site.yml:4:16: no vault password given decrypts this; tried prod@"),
        run.toString());
    assertEquals(List.of(), server.loginUsers());
  }

  @Test
  void aPasswordScriptAndAnsibleConfigsEnvironmentVariableGiveThePasswords() throws Exception {
    TestSshHost server = ssh.start();
    Path inventory = project(server);
    Path script = dir.resolve("prod-pass.sh");
    Files.writeString(script, "#!/bin/sh\necho bravo-pass\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    CliRun run =
        CliRun.withEnv(
            Map.of("ANSIBLE_VAULT_PASSWORD_FILE", password("alpha-pass").toString()),
            args(inventory, "--vault-id", "prod@" + script));
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(Files.readString(dir.resolve("box").resolve("app.env")).contains(DB_PW));
  }

  private CliRun run(Path inventory, String... more) {
    return CliRun.of(args(inventory, more));
  }

  private String[] args(Path inventory, String... more) {
    List<String> args = new ArrayList<>();
    args.addAll(
        List.of(
            "run",
            dir.resolve("site.yml").toString(),
            "-i",
            inventory.toString(),
            "--state",
            "none",
            "--known-hosts",
            ssh.knownHosts().toString(),
            "--progress",
            "none"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** A password file named after its password. */
  private Path password(String pw) throws IOException {
    return Files.writeString(dir.resolve(pw + ".pw"), pw + "\n");
  }

  /** Inventory with an encrypted group_vars file; playbook, copy source and template beside it. */
  private Path project(TestSshHost server) throws IOException {
    Path box = Files.createDirectories(dir.resolve("box"));
    Path inv = Files.createDirectories(dir.resolve("inv").resolve("group_vars").resolve("db"));
    Files.writeString(inv.resolve("vault.yml"), fixture("v12.yml"));
    Path hosts =
        Files.writeString(
            dir.resolve("inv").resolve("hosts.yml"),
            "db:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n      out: "
                + box
                + "\n");
    String inline = fixture("s11.txt").replace("api_token: ", "    api_token: ");
    Files.writeString(
        dir.resolve("site.yml"),
        "- hosts: db\n  gather_facts: false\n  vars:\n"
            + inline
            + "\n  tasks:\n"
            + "    - copy:\n        dest: \"${out}/app.env\"\n"
            + "        content: \"password=${db_password}\\ntoken=${api_token}\\npages=${pool_pages}\\n\"\n"
            + "    - copy: { src: secret.conf, dest: \"${out}/secret.conf\" }\n"
            + "    - template: { src: app.conf.ftl, dest: \"${out}/app.conf\" }\n");
    Files.createDirectories(dir.resolve("files"));
    Files.writeString(dir.resolve("files").resolve("secret.conf"), fixture("secret.conf"));
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates").resolve("app.conf.ftl"), fixture("app.conf.ftl"));
    return hosts.getParent();
  }

  static String fixture(String name) throws IOException {
    try (InputStream in = VaultRunTest.class.getResourceAsStream("/vault/" + name)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
