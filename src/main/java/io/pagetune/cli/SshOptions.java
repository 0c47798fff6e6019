package io.pagetune.cli;

import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.io.Console;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/** SSH options shared by every command that contacts hosts. */
public final class SshOptions {
  @Option(
      names = "--host-key-checking",
      paramLabel = "MODE",
      description =
          "strict (default: the key must be in known_hosts), accept-new (add unknown hosts, fail"
              + " on changed keys), off (accept anything; a warning is printed). Default:"
              + " ansible.cfg's host_key_checking (False means off), else strict.")
  String hostKeyChecking;

  @Option(
      names = "--known-hosts",
      paramLabel = "FILE",
      description = "Also trust the keys in FILE (besides ~/.ssh/known_hosts); repeatable.")
  List<Path> knownHosts = new ArrayList<>();

  @Option(
      names = {"-K", "--ask-become-pass"},
      description =
          "Prompt for the become password, for sudo or su (else PAGETUNE_BECOME_PASSWORD is used).")
  boolean askBecomePass;

  @Option(
      names = "--ssh-handshakes",
      paramLabel = "N",
      defaultValue = "10",
      description =
          "SSH handshakes in flight at once per server (keep below sshd's MaxStartups; at most 8"
              + " per CPU in all; default: ${DEFAULT-VALUE}).")
  int handshakes;

  HostKeyChecking mode() {
    return mode(AnsibleConfig.none());
  }

  /** The option when given, else ansible.cfg's (or ANSIBLE_HOST_KEY_CHECKING's) boolean. */
  HostKeyChecking mode(AnsibleConfig config) {
    if (hostKeyChecking == null) {
      return config.hostKeyChecking().orElse(true) ? HostKeyChecking.STRICT : HostKeyChecking.OFF;
    }
    try {
      return HostKeyChecking.parse(hostKeyChecking);
    } catch (IllegalArgumentException e) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("--host-key-checking"), e.getMessage());
    }
  }

  /** Settings from the defaults, these options and the environment (never from argv secrets). */
  /** Local, lab and SSH connections, SSH set up from these options. */
  io.pagetune.connection.Connections connections(CliEnvironment env) {
    return env.wiring().connections(settings(env));
  }

  SshSettings settings(CliEnvironment env) {
    return settings(env, AnsibleConfig.none());
  }

  /** Where the host key checking mode came from, for the warning when it is off. */
  String hostKeyCheckingSource(AnsibleConfig config) {
    if (hostKeyChecking != null) {
      return "--host-key-checking=" + hostKeyChecking;
    }
    return config.fromEnvironment().contains("host_key_checking")
        ? "ANSIBLE_HOST_KEY_CHECKING"
        : "host_key_checking in " + config.file().map(Object::toString).orElse("ansible.cfg");
  }

  /** Settings from the defaults, ansible.cfg, these options and the environment. */
  SshSettings settings(CliEnvironment env, AnsibleConfig config) {
    SshSettings s =
        SshSettings.defaults().withHostKeyChecking(mode(config)).withExtraKnownHosts(knownHosts);
    Supplier<Optional<String>> become =
        () -> Optional.ofNullable(env.env().get(SshSettings.BECOME_PASSWORD_ENV));
    if (askBecomePass || config.bool("become_ask_pass").orElse(false)) {
      String typed = prompt("BECOME password: ");
      become = () -> Optional.of(typed);
    }
    Supplier<Optional<String>> passphrase =
        () -> Optional.ofNullable(env.env().get(SshSettings.KEY_PASSPHRASE_ENV));
    return s.withSecrets(become, passphrase)
        .withLimits(s.maxChannelsPerHost(), handshakes, s.connectAttempts(), s.backoffBase());
  }

  private static String prompt(String text) {
    Console console = System.console();
    if (console == null) {
      throw new io.pagetune.error.InputException(
          io.pagetune.error.SourceLocation.of("--ask-become-pass"),
          "no terminal to prompt on; set " + SshSettings.BECOME_PASSWORD_ENV + " instead");
    }
    char[] typed = console.readPassword(text);
    return typed == null ? "" : new String(typed);
  }
}
