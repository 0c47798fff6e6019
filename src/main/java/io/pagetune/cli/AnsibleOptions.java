package io.pagetune.cli;

import io.pagetune.connection.BecomeMethod;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.Console;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * The ansible-playbook options an Ansible user types out of habit: connection user and key, become,
 * the password prompt and the listing modes. Connection and become settings are the lowest
 * precedence, as in Ansible: any inventory variable ({@code ansible_user}, {@code ansible_become},
 * …) and any play or task keyword overrides them.
 */
public final class AnsibleOptions {
  /** The non-interactive stand-in for {@code -k}: an environment variable, never argv. */
  static final String SSH_PASSWORD_ENV = "PAGETUNE_SSH_PASSWORD";

  @Option(
      names = {"-u", "--user"},
      paramLabel = "USER",
      description =
          "Connect as USER (ansible_user in the inventory wins; default: ansible.cfg's"
              + " remote_user).")
  String user;

  @Option(
      names = {"--private-key", "--key-file"},
      paramLabel = "FILE",
      description =
          "SSH private key (ansible_ssh_private_key_file wins; default: ansible.cfg's"
              + " private_key_file).")
  String privateKey;

  @Option(
      names = {"-b", "--become"},
      description =
          "Run tasks as another user, through sudo or su (become: false on a play or task, or"
              + " ansible_become, wins).")
  boolean become;

  @Option(
      names = "--become-user",
      paramLabel = "USER",
      description = "User to become (default root; ansible_become_user and become_user: win).")
  String becomeUser;

  @Option(
      names = "--become-method",
      paramLabel = "METHOD",
      description =
          "How to become: sudo or su, the methods pagetune runs (default: ansible.cfg's"
              + " become_method, else sudo); any other is refused. ansible.cfg's become_exe and"
              + " become_flags are used too.")
  String becomeMethod;

  @Option(
      names = {"-k", "--ask-pass"},
      description =
          "Prompt for the SSH password on the terminal (else "
              + SSH_PASSWORD_ENV
              + " is used); hosts with ansible_password keep theirs.")
  boolean askPass;

  @Option(
      names = "--list-hosts",
      description = "List each play's hosts (after --limit) and exit; no host is contacted.")
  boolean listHosts;

  @Option(
      names = "--list-tasks",
      description = "List each play's tasks (after --tags/--skip-tags) and exit.")
  boolean listTasks;

  @Option(names = "--list-tags", description = "List each play's task tags and exit.")
  boolean listTags;

  @Option(
      names = "--syntax-check",
      description = "Parse and validate the playbook (and inventory, if any) and exit.")
  boolean syntaxCheck;

  @Option(
      names = "--start-at-task",
      paramLabel = "NAME",
      description =
          "Start at the first task named NAME (a glob with * and ?); earlier tasks and plays are"
              + " skipped.")
  String startAtTask;

  /** The playbook as this run sees it: from {@code --start-at-task} on, when given. */
  io.pagetune.playbook.Playbook start(io.pagetune.playbook.Playbook book) {
    return startAtTask == null ? book : io.pagetune.playbook.StartAtTask.apply(book, startAtTask);
  }

  @Option(
      names = {"-v", "--verbose"},
      description =
          "-v: each host's result as JSON; -vv: also every command, file read and write on a host"
              + " with exit code and time (stderr); -vvv: also each connection opened (user,"
              + " address, port, key file) and how long it took.")
  boolean[] verbose = new boolean[0];

  int verbosity() {
    return verbose.length;
  }

  /** At {@code -vv} and more, every factory's connections trace their commands to {@code err}. */
  java.util.function.UnaryOperator<io.pagetune.connection.ConnectionFactory> tracing(
      java.io.PrintStream err) {
    if (verbosity() < 2) {
      return f -> f;
    }
    return f ->
        new io.pagetune.connection.TracingConnectionFactory(f, err::println, verbosity() >= 3);
  }

  boolean listing() {
    return listHosts || listTasks || listTags;
  }

  /** Lowest-precedence variables of group all, from these options over ansible.cfg. */
  Map<String, Object> hostDefaults(AnsibleConfig config) {
    Map<String, Object> vars = new LinkedHashMap<>();
    Optional.ofNullable(user)
        .or(() -> config.value("remote_user"))
        .ifPresent(u -> vars.put("ansible_user", u));
    Optional.ofNullable(privateKey)
        .or(config::privateKeyFile)
        .ifPresent(k -> vars.put("ansible_ssh_private_key_file", k));
    becomeMethod(config).forEach(vars::put);
    // ansible.cfg's [privilege_escalation] is below -b and --become-user, which are below every
    // inventory variable and play or task keyword, as in Ansible
    if (become || config.bool("become").orElse(false)) {
      vars.put("ansible_become", true);
    }
    Optional.ofNullable(becomeUser)
        .or(() -> config.value("become_user"))
        .ifPresent(u -> vars.put("ansible_become_user", u));
    return vars;
  }

  /**
   * {@code --become-method} (else ansible.cfg's), ansible.cfg's {@code become_exe} and {@code
   * become_flags} as the lowest-precedence {@code ansible_become_*} variables: a method pagetune
   * does not run, or a flag that would put a secret into argv, is refused before any host.
   */
  private Map<String, Object> becomeMethod(AnsibleConfig config) {
    Optional<String> method =
        Optional.ofNullable(becomeMethod).or(() -> config.value("become_method"));
    Optional<String> exe = config.value("become_exe");
    Optional<String> flags = config.value("become_flags");
    try {
      BecomeMethod.of(method.orElse(null), exe.orElse(null), flags.orElse(null));
    } catch (IllegalArgumentException e) {
      String key =
          e.getMessage().startsWith("become method")
              ? "become_method"
              : e.getMessage().startsWith("become_exe") ? "become_exe" : "become_flags";
      SourceLocation at =
          key.equals("become_method") && becomeMethod != null
              ? SourceLocation.of("--become-method")
              : config.where(key);
      throw new InputException(at, e.getMessage());
    }
    Map<String, Object> vars = new LinkedHashMap<>();
    method.ifPresent(m -> vars.put("ansible_become_method", m));
    exe.ifPresent(x -> vars.put("ansible_become_exe", x));
    flags.ifPresent(f -> vars.put("ansible_become_flags", f));
    return vars;
  }

  /** ansible.cfg's {@code timeout} is the SSH connect timeout, as in Ansible. */
  SshSettings apply(SshSettings settings, AnsibleConfig config) {
    Optional<Integer> timeout = config.timeoutSeconds();
    if (timeout.isEmpty()) {
      return settings;
    }
    return settings.withTimeouts(
        Duration.ofSeconds(timeout.get()), settings.socketTimeout(), settings.keepaliveInterval());
  }

  /** The first inventory source that is a file or directory (change windows live beside it). */
  Path firstFile(List<String> sources) {
    for (String s : sources) {
      Path p = Path.of(s);
      if (Files.exists(p)) {
        return p;
      }
    }
    return Path.of("");
  }

  /** With {@code -k}: the password typed now, before any host is contacted. */
  Supplier<Optional<String>> loginPassword(CliEnvironment env) {
    if (!askPass) {
      return Optional::empty;
    }
    String fromEnv = env.env().get(SSH_PASSWORD_ENV);
    if (fromEnv != null) {
      return () -> Optional.of(fromEnv);
    }
    Console console = System.console();
    if (console == null) {
      throw new InputException(
          SourceLocation.of("--ask-pass"),
          "no terminal to prompt on; set " + SSH_PASSWORD_ENV + " instead");
    }
    char[] typed = console.readPassword("SSH password: ");
    String password = typed == null ? "" : new String(typed);
    return () -> Optional.of(password);
  }
}
