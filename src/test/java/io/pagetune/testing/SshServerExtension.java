package io.pagetune.testing;

import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts in-process SSH hosts for one test and stops them after it. Register per test:
 *
 * <pre>{@code @RegisterExtension final SshServerExtension ssh = new SshServerExtension();}</pre>
 *
 * Every host started is authorised for {@link #clientKey()} (ed25519) and written to {@link
 * #knownHosts()} in {@code [127.0.0.1]:port} form; {@link #settings()} and {@link #spec} connect to
 * it with strict host key checking and no look at the user's real ~/.ssh.
 */
public final class SshServerExtension implements BeforeEachCallback, AfterEachCallback {
  private final List<TestSshHost> hosts = new ArrayList<>();
  private Path root;
  private KeyPair clientPair;
  private Path clientKey;
  private Path knownHosts;
  private Path binSh;

  @Override
  public void beforeEach(ExtensionContext context) throws IOException {
    root = Files.createTempDirectory("pagetune-ssh-test");
    clientPair = TestKeys.ed25519();
    clientKey = TestKeys.write(clientPair, root.resolve("id_test_ed25519"), null);
    knownHosts = root.resolve("known_hosts");
    Files.writeString(knownHosts, "");
    Files.createDirectories(root.resolve("dot-ssh"));
  }

  @Override
  public void afterEach(ExtensionContext context) throws IOException {
    for (TestSshHost h : hosts) {
      h.stop();
    }
    hosts.clear();
    try (Stream<Path> all = Files.walk(root)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  /**
   * Hosts started from now on run their commands with {@code shell} as {@code /bin/sh} (needs root
   * for a mount namespace; see {@link #canReplaceBinSh()}).
   */
  public void replaceBinSh(Path shell) {
    binSh = shell;
  }

  /** Whether this machine lets a command see another shell as {@code /bin/sh}. */
  public static boolean canReplaceBinSh() {
    try {
      Process p =
          new ProcessBuilder(
                  "unshare",
                  "--mount",
                  "--propagation",
                  "private",
                  "/bin/sh",
                  "-c",
                  "mount --bind /bin/true /bin/sh && /bin/sh")
              .redirectErrorStream(true)
              .start();
      p.getInputStream().readAllBytes();
      return p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public TestSshHost start() {
    return start(TestSshHost.Options.defaults());
  }

  /** Starts a host, authorises the client key and records its host key in known_hosts. */
  public TestSshHost start(TestSshHost.Options options) {
    TestSshHost h = startUnknown(options);
    appendKnownHost(h.knownHostsLine());
    return h;
  }

  /** Starts {@code n} hosts, each with its own port, host key and working directory. */
  public List<TestSshHost> start(int n, TestSshHost.Options options) {
    List<TestSshHost> started = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      started.add(start(options));
    }
    return started;
  }

  /** Starts a host whose key is not written to known_hosts. */
  public TestSshHost startUnknown(TestSshHost.Options options) {
    Path work = TestSshHost.newWorkDir(root, "host-" + hosts.size());
    TestSshHost h = new TestSshHost(options, work, binSh);
    h.authorize(clientPair.getPublic());
    h.start();
    hosts.add(h);
    return h;
  }

  /**
   * Starts Debian's OpenSSH sshd on loopback in {@code name} under this extension's root, with the
   * client key authorised and its host key trusted (the interop suites' server).
   */
  public OpenSshFixture startOpenSsh(String name, boolean sftp) throws IOException {
    Path dir = Files.createDirectories(root.resolve(name));
    OpenSshFixture f = OpenSshFixture.start(dir, sftp, clientPair);
    appendKnownHost(f.knownHostsLine());
    return f;
  }

  /** A connection as inventory host {@code name} to {@code port} on loopback. */
  public io.pagetune.connection.ssh.SshConnection connect(
      SshSettings settings, String name, int port, Map<String, Object> extra) {
    return (io.pagetune.connection.ssh.SshConnection)
        new io.pagetune.connection.ssh.SshConnectionFactory(settings).open(spec(name, port, extra));
  }

  /** Trusts {@code host}'s key at {@code proxy}'s port, as a client of the proxy sees it. */
  public void trustThroughProxy(StallingProxy proxy, TestSshHost host) {
    appendKnownHost(
        "[127.0.0.1]:"
            + proxy.port()
            + " "
            + TestKeys.publicLine(new java.security.KeyPair(host.hostKey(), null)));
  }

  public void appendKnownHost(String line) {
    try {
      Files.writeString(
          knownHosts, line + "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A scratch directory that lives as long as the test. */
  public Path root() {
    return root;
  }

  public Path clientKey() {
    return clientKey;
  }

  public KeyPair clientPair() {
    return clientPair;
  }

  public Path knownHosts() {
    return knownHosts;
  }

  public String user() {
    return System.getProperty("user.name");
  }

  /** Strict host keys against {@link #knownHosts()}, no default keys, short timeouts. */
  public SshSettings settings() {
    return SshSettings.defaults()
        .withKnownHosts(List.of(knownHosts))
        .withHostKeyChecking(HostKeyChecking.STRICT)
        .withSshDir(root.resolve("dot-ssh"), null)
        .withDefaultUser(user())
        .withTimeouts(Duration.ofSeconds(5), Duration.ZERO, Duration.ofSeconds(5))
        .withSecrets(Optional::empty, Optional::empty);
  }

  /** The spec of {@code host} under an inventory name, logging in with the client key. */
  public ConnectionSpec spec(String inventoryName, TestSshHost host) {
    return spec(inventoryName, host, Map.of());
  }

  public ConnectionSpec spec(String inventoryName, TestSshHost host, Map<String, Object> extra) {
    return spec(inventoryName, host.port(), extra);
  }

  /** The spec of any server on 127.0.0.1:port (an OpenSSH fixture, say). */
  public ConnectionSpec spec(String inventoryName, int port, Map<String, Object> extra) {
    Map<String, Object> vars = new HashMap<>();
    vars.put("ansible_host", "127.0.0.1");
    vars.put("ansible_port", port);
    vars.put("ansible_user", user());
    vars.put("ansible_ssh_private_key_file", clientKey.toString());
    vars.putAll(extra);
    return ConnectionSpec.fromVars(inventoryName, vars);
  }
}
