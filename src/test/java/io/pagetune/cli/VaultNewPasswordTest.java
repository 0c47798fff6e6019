package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.testing.CliRun;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultSecret;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A password typed for a new encryption is asked twice and compared, as ansible-vault does: a typo
 * would otherwise lock the file under a password nobody knows. One {@code --output} takes one file.
 */
class VaultNewPasswordTest {
  @TempDir Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final List<String> asked = new ArrayList<>();

  @Test
  void encryptAsksTheNewPasswordTwiceAndEncryptsWithIt() throws Exception {
    Path plain = Files.writeString(dir.resolve("vault.yml"), "db_password: pw\n");
    VaultCommand.Encrypt encrypt = new VaultCommand.Encrypt(environment());
    typed(encrypt.vaultOptions, "s3cret-pw", "s3cret-pw");
    new CommandLine(encrypt).parseArgs("--ask-vault-pass", plain.toString());
    assertEquals(0, encrypt.call());
    assertEquals(List.of("New Vault password: ", "Confirm New Vault password: "), asked);
    assertEquals("db_password: pw\n", decrypt(plain, "s3cret-pw"));
  }

  @Test
  void encryptRefusesTwoPasswordsThatDifferAndLeavesTheFile() throws Exception {
    Path plain = Files.writeString(dir.resolve("vault.yml"), "db_password: pw\n");
    VaultCommand.Encrypt encrypt = new VaultCommand.Encrypt(environment());
    typed(encrypt.vaultOptions, "s3cret-pw", "s3cert-pw");
    new CommandLine(encrypt).parseArgs("--ask-vault-pass", plain.toString());
    InputException e = assertThrows(InputException.class, encrypt::call);
    assertTrue(e.getMessage().contains("do not match"), e.getMessage());
    assertEquals("db_password: pw\n", Files.readString(plain));
  }

  @Test
  void encryptStringRefusesTwoPasswordsThatDiffer() {
    VaultCommand.EncryptString encrypt = new VaultCommand.EncryptString(environment());
    typed(encrypt.vaultOptions, "one-pw", "two-pw");
    new CommandLine(encrypt).parseArgs("--ask-vault-pass", "--name", "db_password", "value");
    InputException e = assertThrows(InputException.class, encrypt::call);
    assertTrue(e.getMessage().contains("do not match"), e.getMessage());
    assertEquals("", out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void viewAsksOnceForAPasswordThatOpensAFile() throws Exception {
    Path vault = Files.writeString(dir.resolve("vault.yml"), VaultRunTest.fixture("v11.yml"));
    VaultCommand.View view = new VaultCommand.View(environment());
    typed(view.vaultOptions, "alpha-pass");
    new CommandLine(view).parseArgs("--ask-vault-pass", vault.toString());
    assertEquals(0, view.call());
    assertEquals(List.of("Vault password: "), asked);
  }

  @Test
  void encryptRefusesOneOutputForSeveralFilesAndWritesNothing() throws Exception {
    Path a = Files.writeString(dir.resolve("a.yml"), "a: 1\n");
    Path b = Files.writeString(dir.resolve("b.yml"), "b: 2\n");
    Path target = dir.resolve("out.yml");
    CliRun run =
        CliRun.of(
            "vault",
            "encrypt",
            "--vault-password-file",
            password("alpha-pass"),
            "--output",
            target.toString(),
            a.toString(),
            b.toString());
    assertEquals(4, run.exitCode(), run.toString());
    assertTrue(run.err().contains("--output"), run.toString());
    assertFalse(Files.exists(target), "the output was written");
    assertEquals("a: 1\n", Files.readString(a));
    assertEquals("b: 2\n", Files.readString(b));
  }

  @Test
  void decryptRefusesOneOutputFileForSeveralFiles() throws Exception {
    Path a = Files.writeString(dir.resolve("a.yml"), VaultRunTest.fixture("v11.yml"));
    Path b = Files.writeString(dir.resolve("b.yml"), VaultRunTest.fixture("v11.yml"));
    Path target = dir.resolve("out.yml");
    CliRun run =
        CliRun.of(
            "vault",
            "decrypt",
            "--vault-password-file",
            password("alpha-pass"),
            "--output",
            target.toString(),
            a.toString(),
            b.toString());
    assertEquals(4, run.exitCode(), run.toString());
    assertFalse(Files.exists(target), "the output was written");
  }

  @Test
  void encryptWithOneOutputForOneFileStillWritesIt() throws Exception {
    Path a = Files.writeString(dir.resolve("a.yml"), "a: 1\n");
    Path target = dir.resolve("out.yml");
    CliRun run =
        CliRun.of(
            "vault",
            "encrypt",
            "--vault-password-file",
            password("alpha-pass"),
            "--output",
            target.toString(),
            a.toString());
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals("a: 1\n", decrypt(target, "alpha-pass"));
    assertEquals("a: 1\n", Files.readString(a));
  }

  private CliEnvironment environment() {
    return new CliEnvironment(
        CliRun.CLOCK,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8),
        Map.of(),
        false);
  }

  /** The terminal answers these, in order, and notes what it was asked. */
  private void typed(VaultOptions options, String... answers) {
    Deque<String> left = new ArrayDeque<>(List.of(answers));
    options.prompt =
        text -> {
          asked.add(text);
          return Optional.ofNullable(left.poll()).map(String::toCharArray);
        };
  }

  private String password(String pw) throws java.io.IOException {
    return Files.writeString(dir.resolve(pw + ".pw"), pw + "\n").toString();
  }

  private static String decrypt(Path file, String pw) throws java.io.IOException {
    return new Vault(
            List.of(new VaultSecret("default", pw.getBytes(StandardCharsets.UTF_8), "test")))
        .decryptText(Files.readString(file), SourceLocation.of(file.toString()));
  }
}
