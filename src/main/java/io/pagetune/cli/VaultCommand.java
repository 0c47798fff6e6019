package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultEnvelope;
import io.pagetune.vault.VaultSecret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
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

  @Command(
      name = "create",
      mixinStandardHelpOptions = true,
      description = "Write a new vault file with $EDITOR.")
  public static final class Create extends VaultAction {
    @Parameters(paramLabel = "FILE")
    Path file;

    public Create(CliEnvironment environment) {
      super(environment);
    }

    @Override
    boolean encryptsNew() {
      return true;
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
  public static final class Edit extends VaultAction {
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
  public static final class Encrypt extends VaultAction {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write here instead.")
    Path output;

    public Encrypt(CliEnvironment environment) {
      super(environment);
    }

    @Override
    boolean encryptsNew() {
      return true;
    }

    @Override
    public Integer call() {
      oneFileOnly(output == null ? null : output.toString(), files);
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
  public static final class Decrypt extends VaultAction {
    @Parameters(paramLabel = "FILE", arity = "1..*")
    List<Path> files = new ArrayList<>();

    @Option(names = "--output", paramLabel = "FILE", description = "Write here instead.")
    String output;

    public Decrypt(CliEnvironment environment) {
      super(environment);
    }

    @Override
    public Integer call() {
      if (!"-".equals(output)) {
        oneFileOnly(output, files);
      }
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
  public static final class View extends VaultAction {
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
  public static final class EncryptString extends VaultAction {
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
    boolean encryptsNew() {
      return true;
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
  public static final class Rekey extends VaultAction {
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
          io.pagetune.vault.VaultPasswords.loadNew(
                  List.of(newVaultId), vaultOptions.prompt, "--new-vault-id")
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
