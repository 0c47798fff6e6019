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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pagetune vault create|edit|encrypt|decrypt|view|encrypt_string|rekey}: ansible-vault's
 * commands, reading and writing the same files (format 1.1, and 1.2 for a named vault id).
 */
@Command(
    name = "vault",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Encrypt and decrypt Ansible vault files and values (like ansible-vault).",
    subcommands = {
      VaultCommand.Create.class,
      VaultCommand.Edit.class,
      VaultCommand.Encrypt.class,
      VaultCommand.Decrypt.class,
      VaultCommand.View.class,
      VaultCommand.EncryptString.class,
      VaultCommand.Rekey.class
    },
    footer = {
      "",
      "Examples:",
      "  pagetune vault encrypt --vault-id prod@~/.vault-prod group_vars/db/vault.yml",
      "  pagetune vault edit --vault-password-file ~/.vault group_vars/all/vault.yml",
      "  pagetune vault encrypt_string --vault-id prod@prompt --name db_password 's3cret'",
      "",
      "Passwords come from files, scripts or the terminal (--vault-id, --vault-password-file,",
      "--ask-vault-pass, ANSIBLE_VAULT_PASSWORD_FILE, ansible.cfg vault_password_file), never argv."
    })
public final class VaultCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** What every vault command shares: its passwords and how files are written. */
  abstract static class Action implements Callable<Integer> {
    final CliEnvironment environment;

    @Mixin VaultOptions vaultOptions = new VaultOptions();

    @Option(
        names = "--encrypt-vault-id",
        paramLabel = "LABEL",
        description = "The vault id to encrypt with, when more than one is given.")
    String encryptVaultId;

    private List<VaultSecret> secrets;

    Action(CliEnvironment environment) {
      this.environment = environment;
    }

    List<VaultSecret> secrets() {
      if (secrets == null) {
        secrets = vaultOptions.secrets(AnsibleConfig.forProcess(environment.env()));
      }
      return secrets;
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

    static void requireVault(Path file, String text, boolean vault) {
      if (VaultEnvelope.isVault(text) != vault) {
        throw new InputException(
            SourceLocation.of(file.toString()),
            vault ? "is not vault-encrypted" : "is already vault-encrypted");
      }
    }
  }

  @Command(
      name = "create",
      mixinStandardHelpOptions = true,
      description = "Write a new vault file with $EDITOR.")
  public static final class Create extends Action {
    @Parameters(paramLabel = "FILE")
    Path file;

    public Create(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      if (Files.exists(file)) {
        throw new InputException(SourceLocation.of(file.toString()), "exists; use vault edit");
      }
      VaultSecret secret = encrypting();
      byte[] text = new VaultEditor(environment.env().get("EDITOR")).edit(new byte[0], file);
      write(file, encrypt(text, secret).getBytes(StandardCharsets.US_ASCII));
      return 0;
    }
  }

  @Command(
      name = "edit",
      mixinStandardHelpOptions = true,
      description = "Change a vault file with $EDITOR; it is encrypted again afterwards.")
  public static final class Edit extends Action {
    @Parameters(paramLabel = "FILE")
    Path file;

    public Edit(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      String text = read(file);
      requireVault(file, text, true);
      byte[] plain = vault().decrypt(text, SourceLocation.of(file.toString()));
      // encrypted again under the id it had, unless another is named
      VaultSecret secret = sameId(VaultEnvelope.parse(text).label().orElse("default"));
      byte[] changed = new VaultEditor(environment.env().get("EDITOR")).edit(plain, file);
      if (!java.util.Arrays.equals(changed, plain)) {
        write(file, encrypt(changed, secret).getBytes(StandardCharsets.US_ASCII));
      }
      return 0;
    }

    private VaultSecret sameId(String label) {
      if (encryptVaultId != null) {
        return encrypting();
      }
      return secrets().stream()
          .filter(s -> s.label().equals(label))
          .findFirst()
          .orElseGet(this::encrypting);
    }
  }

  @Command(
      name = "encrypt",
      mixinStandardHelpOptions = true,
      description = "Encrypt files in place (or into --output).")
  public static final class Encrypt extends Action {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write here instead.")
    Path output;

    public Encrypt(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      VaultSecret secret = encrypting();
      for (Path file : files) {
        byte[] plain = readBytes(file);
        requireVault(file, new String(plain, StandardCharsets.ISO_8859_1), false);
        write(
            output == null ? file : output,
            encrypt(plain, secret).getBytes(StandardCharsets.US_ASCII));
      }
      environment.err().println("Encryption successful");
      return 0;
    }
  }

  @Command(
      name = "decrypt",
      mixinStandardHelpOptions = true,
      description = "Decrypt vault files in place (or into --output; '-' is stdout).")
  public static final class Decrypt extends Action {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write here instead.")
    String output;

    public Decrypt(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      Vault vault = vault();
      for (Path file : files) {
        byte[] plain = decrypted(vault, file);
        if ("-".equals(output)) {
          environment.out().write(plain, 0, plain.length);
          environment.out().flush();
        } else {
          write(output == null ? file : Path.of(output), plain);
        }
      }
      environment.err().println("Decryption successful");
      return 0;
    }
  }

  @Command(name = "view", mixinStandardHelpOptions = true, description = "Print vault files.")
  public static final class View extends Action {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    public View(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      Vault vault = vault();
      for (Path file : files) {
        byte[] plain = decrypted(vault, file);
        environment.out().write(plain, 0, plain.length);
        // ansible-vault's pager ends what it shows with a line end
        if (plain.length > 0 && plain[plain.length - 1] != '\n') {
          environment.out().println();
        }
      }
      environment.out().flush();
      return 0;
    }
  }

  @Command(
      name = "encrypt_string",
      aliases = "encrypt-string",
      mixinStandardHelpOptions = true,
      description =
          "Encrypt values as inline '!vault |' YAML. Give no STRING to read one from stdin.")
  public static final class EncryptString extends Action {
    @Parameters(paramLabel = "STRING", arity = "0..*")
    List<String> values = new ArrayList<>();

    @Option(
        names = {"-n", "--name"},
        paramLabel = "NAME",
        description = "The variable name of each STRING, in order.")
    List<String> names = new ArrayList<>();

    @Option(
        names = "--stdin-name",
        paramLabel = "NAME",
        description = "Read the value from stdin and name it NAME.")
    String stdinName;

    public EncryptString(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() throws IOException {
      VaultSecret secret = encrypting();
      List<String> named = new ArrayList<>(names);
      List<String> plain = new ArrayList<>(values);
      if (stdinName != null || plain.isEmpty()) {
        plain.add(new String(System.in.readAllBytes(), StandardCharsets.UTF_8));
        named.add(plain.size() - 1 < named.size() ? named.get(plain.size() - 1) : stdinName);
      }
      for (int i = 0; i < plain.size(); i++) {
        String name = i < named.size() ? named.get(i) : null;
        String vaultText = encrypt(plain.get(i).getBytes(StandardCharsets.UTF_8), secret);
        StringBuilder out = new StringBuilder(name == null ? "" : name + ": ").append("!vault |");
        vaultText.lines().forEach(l -> out.append("\n          ").append(l));
        environment.out().println(out);
      }
      environment.err().println("Encryption successful");
      return 0;
    }
  }

  @Command(
      name = "rekey",
      mixinStandardHelpOptions = true,
      description = "Encrypt vault files again under a new password.")
  public static final class Rekey extends Action {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Option(
        names = {"--new-vault-id", "--new-vault-password-file"},
        paramLabel = "LABEL@SOURCE",
        required = true,
        description = "The new password's vault id and source (a file, script or prompt).")
    String newVaultId;

    public Rekey(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      Vault vault = vault();
      VaultSecret fresh =
          io.pagetune.vault.VaultPasswords.load(
                  List.of(newVaultId), VaultOptions::prompt, "--new-vault-id")
              .get(0);
      for (Path file : files) {
        byte[] plain = decrypted(vault, file);
        write(file, encrypt(plain, fresh).getBytes(StandardCharsets.US_ASCII));
      }
      environment.err().println("Rekey successful");
      return 0;
    }
  }
}
