package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultCipher;
import io.pagetune.vault.VaultEnvelope;
import io.pagetune.vault.VaultSecret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What every vault command shares: its passwords and how files are written. */
abstract class VaultAction implements Callable<Integer> {
  final CliEnvironment environment;

  @Mixin VaultOptions vaultOptions = new VaultOptions();

  @Option(
      names = "--encrypt-vault-id",
      paramLabel = "LABEL",
      description = "The vault id to encrypt with, when more than one is given.")
  String encryptVaultId;

  private List<VaultSecret> secrets;

  VaultAction(CliEnvironment environment) {
    this.environment = environment;
  }

  List<VaultSecret> secrets() {
    if (secrets == null) {
      secrets = vaultOptions.secrets(AnsibleConfig.forProcess(environment.env()), encryptsNew());
    }
    return secrets;
  }

  /**
   * Whether this command encrypts with a password given for it (create, encrypt): one typed on the
   * terminal is then asked twice.
   */
  boolean encryptsNew() {
    return false;
  }

  /** The plaintext is printed or written by these commands: it is not hidden from them. */
  Vault vault() {
    return new Vault(secrets());
  }

  /** The secret to encrypt with: the one named, or the only one given. */
  VaultSecret encrypting() {
    List<VaultSecret> all = secrets();
    if (encryptVaultId != null) {
      return all.stream()
          .filter(s -> s.label().equals(encryptVaultId))
          .findFirst()
          .orElseThrow(
              () ->
                  new InputException(
                      SourceLocation.of("--encrypt-vault-id"),
                      "no password was given for vault id '" + encryptVaultId + "'"));
    }
    if (all.isEmpty()) {
      throw new InputException(
          SourceLocation.of("--vault-id"),
          "no vault password was given to encrypt with (--vault-id, --vault-password-file,"
              + " --ask-vault-pass)");
    }
    if (all.size() > 1) {
      throw new InputException(
          SourceLocation.of("--encrypt-vault-id"),
          "vault ids "
              + String.join(",", all.stream().map(VaultSecret::label).toList())
              + " are available to encrypt with: name one with --encrypt-vault-id");
    }
    return all.get(0);
  }

  static String encrypt(byte[] plaintext, VaultSecret secret) {
    return VaultCipher.encrypt(plaintext, secret, new SecureRandom()).format();
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(SourceLocation.of(file.toString()), "cannot read: " + e);
    }
  }

  static byte[] readBytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new InputException(SourceLocation.of(file.toString()), "cannot read: " + e);
    }
  }

  /** Writes beside the file and moves it in place: readable by the user only, as Ansible. */
  static void write(Path file, byte[] content) {
    Path abs = file.toAbsolutePath();
    try {
      Path tmp =
          Files.createTempFile(
              abs.getParent(),
              ".pagetune-vault-",
              ".tmp",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      try {
        Files.write(tmp, content);
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new InputException(SourceLocation.of(file.toString()), "cannot write: " + e);
    }
  }

  /** The plaintext of a vault file; a file that is not a vault is refused. */
  static byte[] decrypted(Vault vault, Path file) {
    String text = read(file);
    requireVault(file, text, true);
    return vault.decrypt(text, SourceLocation.of(file.toString()));
  }

  /** One {@code --output} takes one file: with several, each would overwrite the one before. */
  static void oneFileOnly(String output, List<Path> files) {
    if (output != null && files.size() > 1) {
      throw new InputException(
          SourceLocation.of("--output"),
          "takes one FILE, "
              + files.size()
              + " were given: each would overwrite the last; give one at a time");
    }
  }

  static void requireVault(Path file, String text, boolean vault) {
    if (VaultEnvelope.isVault(text) != vault) {
      throw new InputException(
          SourceLocation.of(file.toString()),
          vault ? "is not vault-encrypted" : "is already vault-encrypted");
    }
  }
}
