package io.pagetune.cli;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code [defaults]} of an Ansible {@code ansible.cfg} that pagetune honours, found where
 * Ansible finds it: {@code ANSIBLE_CONFIG}, {@code ./ansible.cfg}, {@code ~/.ansible.cfg}, {@code
 * /etc/ansible/ansible.cfg} (the first that exists wins; files are not merged). The matching {@code
 * ANSIBLE_*} environment variables beat the file. Every other option is named in a warning: an
 * Ansible user must not believe a setting took effect when it did not.
 *
 * @param file the file read, if any
 * @param values the supported {@code [defaults]} keys after environment overrides
 * @param fromEnvironment the keys whose value came from an {@code ANSIBLE_*} variable
 * @param warnings one line each: ignored files, unsupported options and variables
 */
public record AnsibleConfig(
    Optional<Path> file,
    Map<String, String> values,
    Set<String> fromEnvironment,
    List<String> warnings) {

  /** The supported {@code [defaults]} keys and the environment variable that overrides each. */
  static final Map<String, String> SUPPORTED =
      orderedMap(
          "inventory", "ANSIBLE_INVENTORY",
          "forks", "ANSIBLE_FORKS",
          "remote_user", "ANSIBLE_REMOTE_USER",
          "private_key_file", "ANSIBLE_PRIVATE_KEY_FILE",
          "host_key_checking", "ANSIBLE_HOST_KEY_CHECKING",
          "timeout", "ANSIBLE_TIMEOUT",
          "roles_path", "ANSIBLE_ROLES_PATH",
          "vault_password_file", "ANSIBLE_VAULT_PASSWORD_FILE",
          "strategy", "ANSIBLE_STRATEGY",
          "become", "ANSIBLE_BECOME",
          "become_user", "ANSIBLE_BECOME_USER",
          "become_method", "ANSIBLE_BECOME_METHOD",
          "become_exe", "ANSIBLE_BECOME_EXE",
          "become_flags", "ANSIBLE_BECOME_FLAGS",
          "become_ask_pass", "ANSIBLE_BECOME_ASK_PASS");

  /** The supported keys that live in another section than {@code [defaults]}. */
  private static final Map<String, String> SECTION_OF =
      Map.of(
          "become", "privilege_escalation",
          "become_user", "privilege_escalation",
          "become_method", "privilege_escalation",
          "become_exe", "privilege_escalation",
          "become_flags", "privilege_escalation",
          "become_ask_pass", "privilege_escalation");

  /** Variables that only choose the file, not an option. */
  private static final Set<String> LOOKUP_VARIABLES = Set.of("ANSIBLE_CONFIG");

  public AnsibleConfig {
    values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    fromEnvironment = Set.copyOf(fromEnvironment);
    warnings = List.copyOf(warnings);
  }

  /**
   * Finds and reads the configuration.
   *
   * @param env the process environment
   * @param cwd the working directory
   * @param home the user's home directory
   * @param system the system-wide file ({@code /etc/ansible/ansible.cfg})
   */
  public static AnsibleConfig find(Map<String, String> env, Path cwd, Path home, Path system) {
    List<String> warnings = new ArrayList<>();
    Optional<Path> file = locate(env, cwd, home, system, warnings);
    Map<String, String> values = new LinkedHashMap<>();
    Set<String> fromEnv = new java.util.HashSet<>();
    file.ifPresent(f -> read(f, values, warnings));
    SUPPORTED.forEach(
        (key, variable) -> {
          String v = env.get(variable);
          if (v != null) {
            values.put(key, v);
            fromEnv.add(key);
          }
        });
    env.keySet().stream()
        .filter(k -> k.startsWith("ANSIBLE_"))
        .filter(k -> !SUPPORTED.containsValue(k) && !LOOKUP_VARIABLES.contains(k))
        .sorted()
        .forEach(k -> warnings.add("environment variable " + k + " is not supported; ignored"));
    return new AnsibleConfig(file, values, fromEnv, warnings);
  }

  /** No file and no variables: what commands that do not read ansible.cfg use. */
  static AnsibleConfig none() {
    return new AnsibleConfig(Optional.empty(), Map.of(), Set.of(), List.of());
  }

  /** The process's own configuration: real home directory and {@code /etc/ansible}. */
  static AnsibleConfig forProcess(Map<String, String> env) {
    String home = env.getOrDefault("HOME", System.getProperty("user.home"));
    return find(env, Path.of(""), Path.of(home), Path.of("/etc/ansible/ansible.cfg"));
  }

  public Optional<String> value(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /** Inventory sources: a comma-separated list, relative paths against the file's directory. */
  public List<String> inventories() {
    Optional<String> raw = value("inventory");
    if (raw.isEmpty()) {
      return List.of();
    }
    boolean fromEnv = fromEnvironment.contains("inventory");
    List<String> out = new ArrayList<>();
    for (String part : raw.get().split(",")) {
      String p = part.strip();
      if (p.isEmpty()) {
        continue;
      }
      out.add(resolvePath(p, fromEnv));
    }
    return out;
  }

  /**
   * {@code roles_path}: colon-separated directories (relative ones against the file's directory),
   * searched after {@code roles/} beside the playbook; Ansible's default when not set.
   */
  public List<Path> rolesPath() {
    String raw =
        value("roles_path").orElse("~/.ansible/roles:/usr/share/ansible/roles:/etc/ansible/roles");
    boolean fromEnv = fromEnvironment.contains("roles_path");
    List<Path> out = new ArrayList<>();
    for (String part : raw.split(":")) {
      String p = part.strip();
      if (!p.isEmpty()) {
        out.add(Path.of(resolvePath(p, fromEnv)));
      }
    }
    return out;
  }

  /** {@code private_key_file} with {@code ~} expanded. */
  public Optional<String> privateKeyFile() {
    return value("private_key_file")
        .map(p -> resolvePath(p, fromEnvironment.contains("private_key_file")));
  }

  /** {@code vault_password_file}: relative to the file's directory, {@code ~} expanded. */
  public Optional<String> vaultPasswordFile() {
    return value("vault_password_file")
        .map(p -> resolvePath(p, fromEnvironment.contains("vault_password_file")));
  }

  /** {@code forks} as a positive number. */
  public Optional<Integer> forks() {
    return value("forks").map(v -> positive("forks", v));
  }

  /** {@code strategy}: the plays that name none run linear or free. */
  public Optional<io.pagetune.playbook.Play.Strategy> strategy() {
    return value("strategy")
        .map(
            v ->
                switch (v.strip()) {
                  case "linear" -> io.pagetune.playbook.Play.Strategy.LINEAR;
                  case "free" -> io.pagetune.playbook.Play.Strategy.FREE;
                  default ->
                      throw new InputException(
                          where("strategy"), "strategy must be linear or free, got '" + v + "'");
                });
  }

  /** {@code timeout}: seconds to wait for an SSH connection. */
  public Optional<Integer> timeoutSeconds() {
    return value("timeout").map(v -> positive("timeout", v));
  }

  /** {@code host_key_checking} as a boolean (Ansible's spellings). */
  public Optional<Boolean> hostKeyChecking() {
    return bool("host_key_checking");
  }

  /** A boolean option in Ansible's spellings ({@code True}, {@code yes}, {@code 1}, …). */
  Optional<Boolean> bool(String key) {
    return value(key)
        .map(
            v ->
                switch (v.strip().toLowerCase(Locale.ROOT)) {
                  case "true", "yes", "on", "1", "y", "t" -> true;
                  case "false", "no", "off", "0", "n", "f" -> false;
                  default ->
                      throw new InputException(
                          where(key), key + " must be a boolean, got '" + v + "'");
                });
  }

  private int positive(String key, String v) {
    try {
      int n = Integer.parseInt(v.strip());
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InputException(
        where(key), key + " must be a whole number of at least 1, got '" + v + "'");
  }

  SourceLocation where(String key) {
    if (fromEnvironment.contains(key) || file.isEmpty()) {
      return SourceLocation.of(SUPPORTED.getOrDefault(key, key));
    }
    return SourceLocation.of(file.get() + " [" + sectionOf(key) + "] " + key);
  }

  private static String sectionOf(String key) {
    return SECTION_OF.getOrDefault(key, "defaults");
  }

  private String resolvePath(String p, boolean fromEnv) {
    if (p.equals("~") || p.startsWith("~/")) {
      return System.getProperty("user.home") + p.substring(1);
    }
    // Ansible resolves relative paths of ansible.cfg against the file's directory
    if (!fromEnv && file.isPresent() && !Path.of(p).isAbsolute()) {
      Path dir = file.get().toAbsolutePath().getParent();
      Path candidate = dir.resolve(p);
      if (Files.exists(candidate)) {
        return candidate.toString();
      }
    }
    return p;
  }

  private static Optional<Path> locate(
      Map<String, String> env, Path cwd, Path home, Path system, List<String> warnings) {
    String named = env.get("ANSIBLE_CONFIG");
    if (named != null && !named.isBlank()) {
      Path p = Path.of(named);
      if (Files.isDirectory(p)) {
        p = p.resolve("ansible.cfg");
      }
      if (Files.isRegularFile(p)) {
        return Optional.of(p);
      }
      warnings.add("ANSIBLE_CONFIG names " + named + ", which does not exist; not used");
    }
    Path local = cwd.resolve("ansible.cfg");
    if (Files.isRegularFile(local)) {
      if (worldWritable(cwd) || worldWritable(local)) {
        warnings.add(
            "ignoring "
                + local.toAbsolutePath().normalize()
                + ": it (or its directory) is world-writable, so anyone could change it");
      } else {
        return Optional.of(local);
      }
    }
    Path user = home.resolve(".ansible.cfg");
    if (Files.isRegularFile(user)) {
      return Optional.of(user);
    }
    return Files.isRegularFile(system) ? Optional.of(system) : Optional.empty();
  }

  private static boolean worldWritable(Path p) {
    try {
      return Files.getPosixFilePermissions(p.toAbsolutePath())
          .contains(PosixFilePermission.OTHERS_WRITE);
    } catch (UnsupportedOperationException | IOException e) {
      return false;
    }
  }

  /** INI as Ansible reads it: {@code key = value} or {@code key: value}, {@code #}/{@code ;}. */
  private static void read(Path file, Map<String, String> values, List<String> warnings) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(file.toString()), "cannot read ansible.cfg: " + e.getMessage());
    }
    String section = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      String at = file + ":" + (i + 1);
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("[") && line.endsWith("]")) {
        section = line.substring(1, line.length() - 1).strip();
        continue;
      }
      int eq = separator(line);
      if (eq < 0) {
        throw new InputException(
            new SourceLocation(file.toString(), i + 1, 1),
            "expected 'key = value' or a [section], got '" + line + "'");
      }
      if (section == null) {
        throw new InputException(
            new SourceLocation(file.toString(), i + 1, 1), "option outside any [section]");
      }
      String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
      String value = stripInlineComment(line.substring(eq + 1)).strip();
      if (SUPPORTED.containsKey(key) && section.equals(sectionOf(key))) {
        values.put(key, value);
      } else {
        warnings.add(at + ": [" + section + "] " + key + " is not supported by pagetune; ignored");
      }
    }
  }

  private static int separator(String line) {
    int eq = line.indexOf('=');
    int colon = line.indexOf(':');
    if (eq < 0) {
      return colon;
    }
    return colon < 0 ? eq : Math.min(eq, colon);
  }

  /** Ansible's parser takes {@code ;} after whitespace as the start of a comment. */
  private static String stripInlineComment(String value) {
    for (int i = 1; i < value.length(); i++) {
      if (value.charAt(i) == ';' && Character.isWhitespace(value.charAt(i - 1))) {
        return value.substring(0, i);
      }
    }
    return value;
  }

  private static Map<String, String> orderedMap(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(m);
  }
}
