package io.pagetune.connection.ssh.config;

import io.pagetune.connection.Become;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Run-wide SSH options. {@code knownHostsFiles} are all consulted; the first one receives new
 * entries under {@link HostKeyChecking#ACCEPT_NEW}. Secrets come from suppliers so they are read
 * only when needed and never stored in this value's {@code toString}.
 *
 * @param connectTimeout TCP connect timeout
 * @param socketTimeout read timeout of the transport socket (zero: none; keepalive detects loss)
 * @param keepaliveInterval interval of keepalive@openssh.com requests
 * @param maxChannelsPerHost channels open at once on one host (below sshd's MaxSessions=10)
 * @param maxConcurrentHandshakes handshakes in flight at once, factory-wide (below MaxStartups)
 * @param connectAttempts attempts when the server resets a connection during the handshake
 * @param backoffBase first retry delay; doubled per attempt, with jitter
 * @param hostKeyChecking STRICT, ACCEPT_NEW or OFF
 * @param knownHostsFiles known_hosts files, the first one is written by ACCEPT_NEW
 * @param sshDir where default keys (id_ed25519, id_ecdsa, id_rsa) and config live
 * @param sshConfigFile an OpenSSH client config to honour, or null
 * @param defaultUser login user when neither inventory nor ssh config name one
 * @param becomePassword the become password (sudo or su), if any
 * @param keyPassphrase passphrase of encrypted private keys, if any
 * @param shellSession run commands through one long-lived shell per host (exec channels when off,
 *     and always for commands that need stdin)
 */
public record SshSettings(
    Duration connectTimeout,
    Duration socketTimeout,
    Duration keepaliveInterval,
    int maxChannelsPerHost,
    int maxConcurrentHandshakes,
    int connectAttempts,
    Duration backoffBase,
    HostKeyChecking hostKeyChecking,
    List<Path> knownHostsFiles,
    Path sshDir,
    Path sshConfigFile,
    String defaultUser,
    Supplier<Optional<String>> becomePassword,
    Supplier<Optional<String>> keyPassphrase,
    boolean shellSession) {

  public static final String KEY_PASSPHRASE_ENV = "PAGETUNE_SSH_KEY_PASSPHRASE";
  public static final String BECOME_PASSWORD_ENV = Become.PASSWORD_ENV;

  public SshSettings {
    Objects.requireNonNull(connectTimeout, "connectTimeout");
    socketTimeout = socketTimeout == null ? Duration.ZERO : socketTimeout;
    Objects.requireNonNull(keepaliveInterval, "keepaliveInterval");
    if (maxChannelsPerHost < 1 || maxConcurrentHandshakes < 1 || connectAttempts < 1) {
      throw new IllegalArgumentException("channel, handshake and attempt limits must be >= 1");
    }
    Objects.requireNonNull(backoffBase, "backoffBase");
    hostKeyChecking = hostKeyChecking == null ? HostKeyChecking.STRICT : hostKeyChecking;
    knownHostsFiles = List.copyOf(knownHostsFiles);
    Objects.requireNonNull(sshDir, "sshDir");
    defaultUser = defaultUser == null ? System.getProperty("user.name") : defaultUser;
    becomePassword = becomePassword == null ? Optional::empty : becomePassword;
    keyPassphrase = keyPassphrase == null ? Optional::empty : keyPassphrase;
  }

  /**
   * The defaults: ~/.ssh/known_hosts, ~/.ssh/config, strict host keys, 10 s connect timeout, 15 s
   * keepalive, 8 channels per host, 10 handshakes at once, secrets from the environment.
   */
  public static SshSettings defaults() {
    Path dir = Path.of(System.getProperty("user.home"), ".ssh");
    return new SshSettings(
        Duration.ofSeconds(10),
        Duration.ZERO,
        Duration.ofSeconds(15),
        8,
        10,
        6,
        Duration.ofMillis(200),
        HostKeyChecking.STRICT,
        List.of(dir.resolve("known_hosts")),
        dir,
        dir.resolve("config"),
        System.getProperty("user.name"),
        () -> Optional.ofNullable(System.getenv(BECOME_PASSWORD_ENV)),
        () -> Optional.ofNullable(System.getenv(KEY_PASSPHRASE_ENV)),
        true);
  }

  public SshSettings withHostKeyChecking(HostKeyChecking mode) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        mode,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  /** Consults these files too (inventory or {@code --known-hosts}), after the current ones. */
  public SshSettings withExtraKnownHosts(List<Path> extra) {
    List<Path> all = new ArrayList<>(knownHostsFiles);
    all.addAll(extra);
    return withKnownHosts(all);
  }

  public SshSettings withKnownHosts(List<Path> files) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        files,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withSshDir(Path dir, Path configFile) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        knownHostsFiles,
        dir,
        configFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withDefaultUser(String user) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        user,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withSecrets(
      Supplier<Optional<String>> becomePassword, Supplier<Optional<String>> keyPassphrase) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withLimits(
      int maxChannelsPerHost, int maxConcurrentHandshakes, int connectAttempts, Duration backoff) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoff,
        hostKeyChecking,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withTimeouts(Duration connect, Duration socket, Duration keepalive) {
    return new SshSettings(
        connect,
        socket,
        keepalive,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        shellSession);
  }

  public SshSettings withShellSession(boolean on) {
    return new SshSettings(
        connectTimeout,
        socketTimeout,
        keepaliveInterval,
        maxChannelsPerHost,
        maxConcurrentHandshakes,
        connectAttempts,
        backoffBase,
        hostKeyChecking,
        knownHostsFiles,
        sshDir,
        sshConfigFile,
        defaultUser,
        becomePassword,
        keyPassphrase,
        on);
  }

  @Override
  public String toString() {
    // the suppliers hold secrets: name the options only
    return "SshSettings[hostKeyChecking="
        + hostKeyChecking
        + ", knownHosts="
        + knownHostsFiles
        + ", channels="
        + maxChannelsPerHost
        + ", handshakes="
        + maxConcurrentHandshakes
        + "]";
  }
}
