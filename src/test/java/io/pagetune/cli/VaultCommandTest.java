package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import io.pagetune.testing.CliRun;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultSecret;
import io.pagetune.yaml.ReadFiles;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pagetune vault}: edit and create go through $EDITOR on a private copy that is gone after
 * the editor exits, whether it succeeded or not; rekey, encrypt_string and the refusals.
 */
class VaultCommandTest {
  @TempDir Path dir;

  @Test
  void editChangesThePlaintextAndLeavesNoCopyBehind() throws Exception {
    Path vault = dir.resolve("vault.yml");
    Files.writeString(vault, VaultRunTest.fixture("v12.yml"));
    CliRun run = edit("append", "edit", vault);
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(
        "db_password: Vault-Db-Pw-9a1\npool_pages: 512\nadded: by-editor\n",
        decrypt(vault, "prod", "bravo-pass"));
    // encrypted again under the id it had
    assertTrue(Files.readString(vault).startsWith("$ANSIBLE_VAULT;1.2;AES256;prod\n"));
    assertPrivateCopyGone();
  }

  @Test
  void aFailingEditorLeavesTheVaultAsItWasAndNoCopy() throws Exception {
    Path vault = dir.resolve("vault.yml");
    String before = VaultRunTest.fixture("v12.yml");
    Files.writeString(vault, before);
    CliRun run = edit("exit 3", "edit", vault);
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(run.err().contains("the editor"), run.toString());
    assertEquals(before, Files.readString(vault));
    assertPrivateCopyGone();
  }

  @Test
  void createWritesAnEncryptedFileFromTheEditor() throws Exception {
    Path vault = dir.resolve("new.yml");
    CliRun run = edit("append", "create", vault);
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals("added: by-editor\n", decrypt(vault, "prod", "bravo-pass"));
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(vault)));
    assertPrivateCopyGone();
  }

  @Test
  void rekeyEncryptsUnderTheNewPassword() throws Exception {
    Path vault = Files.writeString(dir.resolve("vault.yml"), VaultRunTest.fixture("v11.yml"));
    Path fresh = Files.writeString(dir.resolve("new.pw"), "new-pass\n");
    CliRun run =
        CliRun.of(
            "vault",
            "rekey",
            "--vault-password-file",
            password("alpha-pass"),
            "--new-vault-id",
            "ops@" + fresh,
            vault.toString());
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(Files.readString(vault).startsWith("$ANSIBLE_VAULT;1.2;AES256;ops\n"));
    assertEquals(
        "db_password: Vault-Db-Pw-9a1\npool_pages: 512\n", decrypt(vault, "ops", "new-pass"));
  }

  @Test
  void encryptStringGivesYamlThatLoadsAsTheValue() throws Exception {
    CliRun run =
        CliRun.of(
            "vault",
            "encrypt_string",
            "--vault-id",
            "prod@" + password("bravo-pass"),
            "--name",
            "db_password",
            "S3cret value: with colon");
    assertEquals(0, run.exitCode(), run.toString());
    assertTrue(run.out().startsWith("db_password: !vault |\n          $ANSIBLE_VAULT;1.2;"));
    assertFalse(run.out().contains("S3cret"));
    Path vars = Files.writeString(dir.resolve("vars.yml"), run.out());
    YamlReader reader =
        new YamlReader(dir, ReadFiles.none(), new Vault(List.of(secret("prod", "bravo-pass"))));
    assertEquals(Map.of("db_password", "S3cret value: with colon"), reader.read(vars).toPlain());
  }

  @Test
  void encryptRefusesAVaultAndTwoIdsWithoutTheOneToUse() throws Exception {
    Path vault = Files.writeString(dir.resolve("vault.yml"), VaultRunTest.fixture("v11.yml"));
    CliRun again =
        CliRun.of("vault", "encrypt", "--vault-password-file", password("alpha-pass"), "" + vault);
    assertEquals(4, again.exitCode(), again.toString());
    assertTrue(again.err().contains(vault + ":1:1: is already vault-encrypted"), again.toString());
    Path plain = Files.writeString(dir.resolve("plain.yml"), "a: 1\n");
    CliRun two =
        CliRun.of(
            "vault",
            "encrypt",
            "--vault-id",
            "dev@" + password("alpha-pass"),
            "--vault-id",
            "prod@" + password("bravo-pass"),
            plain.toString());
    assertEquals(4, two.exitCode(), two.toString());
    assertTrue(two.err().contains("--encrypt-vault-id"), two.toString());
    assertEquals("a: 1\n", Files.readString(plain));
  }

  /** Runs {@code vault COMMAND FILE} with $EDITOR a script doing {@code action}. */
  private CliRun edit(String action, String command, Path vault) throws IOException {
    Path log = dir.resolve("editor.log");
    String body =
        action.equals("append") ? "printf 'added: by-editor\\n' >> \"$1\"\n" : action + "\n";
    Path editor =
        Files.writeString(
            dir.resolve("editor.sh"),
            "#!/bin/sh\n"
                + "echo \"$1\" > '"
                + log
                + "'\nstat -c '%a' \"$1\" \"$(dirname \"$1\")\" >> '"
                + log
                + "'\n"
                + body);
    Files.setPosixFilePermissions(editor, PosixFilePermissions.fromString("rwx------"));
    return CliRun.withEnv(
        Map.of("EDITOR", editor.toString()),
        "vault",
        command,
        "--vault-id",
        "prod@" + password("bravo-pass"),
        vault.toString());
  }

  /** The editor saw a 0600 file in a 0700 directory, and both are gone. */
  private void assertPrivateCopyGone() throws IOException {
    List<String> log = Files.readAllLines(dir.resolve("editor.log"));
    Path copy = Path.of(log.get(0));
    assertEquals(List.of("600", "700"), log.subList(1, 3));
    assertFalse(Files.exists(copy), copy + " left behind");
    assertFalse(Files.exists(copy.getParent()), copy.getParent() + " left behind");
  }

  private String password(String pw) throws IOException {
    return Files.writeString(dir.resolve(pw + ".pw"), pw + "\n").toString();
  }

  private static VaultSecret secret(String label, String pw) {
    return new VaultSecret(label, pw.getBytes(StandardCharsets.UTF_8), "test");
  }

  private static String decrypt(Path file, String label, String pw) throws IOException {
    return new Vault(List.of(secret(label, pw)))
        .decryptText(Files.readString(file), SourceLocation.of(file.toString()));
  }
}
