package io.pagetune.compat;

import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How the harness runs the two tools, each as its users run it: ansible-playbook with the {@code
 * ansible.posix.json} callback and everything it keeps (home, temp, control sockets, known hosts)
 * under the run's directory, no ansible.cfg of the machine, no network beyond loopback; pagetune as
 * {@code io.pagetune.cli.Main} in a child JVM, and its load checks ({@code run --syntax-check})
 * through the same CLI in-process, where 500 JVM starts would cost minutes.
 */
final class CompatTools {
  static final Path ANSIBLE_PLAYBOOK = Path.of("/usr/bin/ansible-playbook");
  private static final Duration TIMEOUT = Duration.ofMinutes(12);

  private final Path work;
  private final Path knownHosts;
  private final Path controlDir;

  CompatTools(Path work, Path knownHosts, Path controlDir) {
    this.work = work;
    this.knownHosts = knownHosts;
    this.controlDir = controlDir;
  }

  static boolean ansibleAvailable() {
    return Files.isExecutable(ANSIBLE_PLAYBOOK);
  }

  ProcessOutput ansible(Path playbook, Path inventory, String name) {
    Path home = work.resolve("ansible-home");
    try {
      Files.createDirectories(home.resolve("tmp"));
      Files.createDirectories(home.resolve("collections"));
      Path cfg = Files.writeString(home.resolve("ansible.cfg"), "[defaults]\n");
      Map<String, String> env = new HashMap<>();
      env.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
      env.put("HOME", home.toString());
      env.put("LANG", "C.UTF-8");
      env.put("ANSIBLE_CONFIG", cfg.toString());
      env.put("ANSIBLE_HOME", home.toString());
      env.put("ANSIBLE_LOCAL_TEMP", home.resolve("tmp").toString());
      env.put("ANSIBLE_REMOTE_TEMP", work.resolve("ansible-remote-tmp").toString());
      env.put("ANSIBLE_STDOUT_CALLBACK", "ansible.posix.json");
      env.put("ANSIBLE_NOCOLOR", "1");
      env.put("ANSIBLE_RETRY_FILES_ENABLED", "False");
      env.put("ANSIBLE_GALAXY_DISABLE_GPG_VERIFY", "True");
      env.put("ANSIBLE_PYTHON_INTERPRETER", "/usr/bin/python3");
      env.put("ANSIBLE_PIPELINING", "True");
      env.put("ANSIBLE_FORKS", "20");
      env.put("ANSIBLE_HOST_KEY_CHECKING", "True");
      env.put("ANSIBLE_SSH_CONTROL_PATH_DIR", controlDir.toString());
      env.put(
          "ANSIBLE_SSH_ARGS",
          "-F /dev/null -o UserKnownHostsFile="
              + knownHosts
              + " -o StrictHostKeyChecking=yes -o ControlMaster=auto -o ControlPersist=120s");
      List<String> cmd =
          List.of(ANSIBLE_PLAYBOOK.toString(), "-i", inventory.toString(), playbook.toString());
      return ProcessOutput.run(cmd, env, playbook.getParent(), name, TIMEOUT);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code pagetune run playbook --output json} in a child JVM, as a user runs it. */
  ProcessOutput pagetune(Path playbook, Path inventory, String name) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx512m", "-cp"));
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("io.pagetune.cli.Main");
    cmd.addAll(runArgs(playbook, inventory));
    cmd.addAll(List.of("--output", "json", "--progress", "none", "--forks", "20"));
    Map<String, String> env = new HashMap<>();
    env.put("PATH", "/usr/bin:/bin:/usr/sbin:/sbin");
    env.put("HOME", work.resolve("pagetune-home").toString());
    env.put("LANG", "C.UTF-8");
    env.put("NO_COLOR", "1");
    return ProcessOutput.run(cmd, env, playbook.getParent(), name, TIMEOUT);
  }

  /** {@code pagetune run playbook --syntax-check}: the refusal message, or null when it loads. */
  String pagetuneRefusal(Path playbook, Path inventory) {
    List<String> args = new ArrayList<>(runArgs(playbook, inventory));
    args.add("--syntax-check");
    CliRun r =
        CliRun.withEnv(
            Map.of("HOME", work.resolve("pagetune-home").toString()), args.toArray(String[]::new));
    if (r.exitCode() == 0) {
      return null;
    }
    String err = r.err().strip();
    return "exit " + r.exitCode() + ": " + (err.isEmpty() ? r.out().strip() : err);
  }

  private List<String> runArgs(Path playbook, Path inventory) {
    return List.of(
        "run",
        playbook.toString(),
        "-i",
        inventory.toString(),
        "--state",
        "none",
        "--known-hosts",
        knownHosts.toString());
  }
}
