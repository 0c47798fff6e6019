package io.pagetune.cli;

import io.pagetune.vault.Vault;
import io.pagetune.vault.VaultPasswords;
import java.io.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * Ansible's vault password options. Passwords are read from files, scripts or the terminal, never
 * taken from argv. The order Ansible tries them in: {@code --vault-id} values, then {@code
 * --vault-password-file} values, then ansible.cfg's {@code vault_password_file} (or {@code
 * ANSIBLE_VAULT_PASSWORD_FILE}), then {@code --ask-vault-pass}.
 */
public final class VaultOptions {
  @Option(
      names = "--vault-id",
      paramLabel = "LABEL@SOURCE",
      description =
          "A vault id and where its password is: a file, an executable printing it, or 'prompt';"
              + " repeatable. Without LABEL@ the id is 'default'.")
  List<String> vaultIds = new ArrayList<>();

  @Option(
      names = {"--vault-password-file", "--vault-pass-file"},
      paramLabel = "FILE",
      description = "The vault password in a file, or an executable printing it; repeatable.")
  List<String> passwordFiles = new ArrayList<>();

  @Option(
      names = {"-J", "--ask-vault-pass", "--ask-vault-password"},
      description = "Ask for the vault password on the terminal.")
  boolean ask;

  /** Where {@code prompt} passwords are typed: the process's terminal. */
  VaultPasswords.Prompt prompt = VaultOptions::prompt;

  /** The ids in the order they are tried, as {@code label@source}. */
  List<String> ids(AnsibleConfig config) {
    List<String> ids = new ArrayList<>(vaultIds);
    passwordFiles.forEach(f -> ids.add("default@" + f));
    config.vaultPasswordFile().ifPresent(f -> ids.add("default@" + f));
    if (ask) {
      ids.add("default@prompt");
    }
    return ids;
  }

  /**
   * The vault of this command: its passwords read now, before any host is contacted; every value it
   * decrypts is hidden from the command's output from then on.
   */
  Vault vault(CliEnvironment environment, AnsibleConfig config) {
    Vault vault = new Vault(secrets(config));
    vault.onReveal(environment::hide);
    return vault;
  }

  /** The passwords, read now, in the order they are tried. */
  List<io.pagetune.vault.VaultSecret> secrets(AnsibleConfig config) {
    return secrets(config, false);
  }

  /**
   * The passwords, read now; with {@code encryptsNew} one typed on the terminal is asked twice and
   * compared (it is what a file is about to be encrypted with).
   */
  List<io.pagetune.vault.VaultSecret> secrets(AnsibleConfig config, boolean encryptsNew) {
    return encryptsNew
        ? VaultPasswords.loadNew(ids(config), prompt, "--vault-id")
        : VaultPasswords.load(ids(config), prompt, "--vault-id");
  }

  /** A reader that decrypts with this command's vault (passwords as ansible.cfg finds them too). */
  io.pagetune.yaml.YamlReader reader(CliEnvironment environment) {
    return new io.pagetune.yaml.YamlReader(
        java.nio.file.Path.of(""),
        io.pagetune.yaml.ReadFiles.none(),
        vault(environment, AnsibleConfig.forProcess(environment.env())));
  }

  static Optional<char[]> prompt(String text) {
    Console console = System.console();
    return console == null ? Optional.empty() : Optional.ofNullable(console.readPassword(text));
  }
}
