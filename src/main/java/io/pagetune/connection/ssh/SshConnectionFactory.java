package io.pagetune.connection.ssh;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ConnectionFactory;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.ssh.config.KeyLoader;
import io.pagetune.connection.ssh.config.SshConfigFile;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.config.SshTarget;
import io.pagetune.connection.ssh.crypto.JdkAlgorithms;
import io.pagetune.connection.ssh.hostkeys.KnownHostsStores;
import io.pagetune.connection.ssh.session.ConnectionProbe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.DirectConnection;

/**
 * Opens {@code ssh} connections (sshj): one client per host, all built from one shared config,
 * handshakes limited per server and in all ({@link HandshakeLimits}) and retried with backoff when
 * the server drops them before the login (sshd's MaxStartups), never after a refused login or host
 * key. Unreachable hosts, refused logins and bad host keys fail at once with one line. Jump hosts
 * (ProxyJump) are connected in order, each through a direct-tcpip tunnel of the one before, with
 * the same strict host key checks and login rules as the target; they stay open as long as the
 * target's connection and are closed with it.
 */
public final class SshConnectionFactory implements ConnectionFactory {
  /** Pumps for command streams, shared by every connection of this factory. */
  private final ExecutorService io;

  private final java.util.concurrent.ScheduledExecutorService timer = SshTimer.create();

  private final SshSettings settings;
  private final SshConfigFile sshConfig;
  private final HandshakeLimits handshakes;
  private final Backoff backoff;

  /** Waits between attempts; tests pass one that records instead of sleeping. */
  interface Backoff {
    void pause(java.time.Duration delay) throws InterruptedException;
  }

  private final Login login;
  private final Handshake handshake;

  /** What the timer still holds (keepalives, watchdogs, deadlines): a closed host holds nothing. */
  int timedTasks() {
    return ((java.util.concurrent.ScheduledThreadPoolExecutor) timer).getQueue().size();
  }

  /** A factory with {@link SshSettings#defaults()}. */
  public SshConnectionFactory() {
    this(SshSettings.defaults());
  }

  public SshConnectionFactory(SshSettings settings) {
    this(settings, java.util.Optional::empty);
  }

  /** {@code clock} judges the validity window of host certificates. */
  public SshConnectionFactory(SshSettings settings, java.time.Clock clock) {
    this(settings, java.util.Optional::empty, clock);
  }

  /**
   * @param loginPassword the SSH password for hosts whose inventory names none (asked once on the
   *     terminal by {@code -k}); never taken from argv
   */
  public SshConnectionFactory(
      SshSettings settings, java.util.function.Supplier<java.util.Optional<String>> loginPassword) {
    this(settings, loginPassword, java.time.Clock.systemUTC());
  }

  /** {@code clock} judges the validity window of host certificates. */
  public SshConnectionFactory(
      SshSettings settings,
      java.util.function.Supplier<java.util.Optional<String>> loginPassword,
      java.time.Clock clock) {
    this(
        settings,
        loginPassword,
        clock,
        HandshakeLimits.forCpus(
            settings.maxConcurrentHandshakes(), Runtime.getRuntime().availableProcessors()),
        d -> Thread.sleep(d.toMillis()));
  }

  SshConnectionFactory(
      SshSettings settings,
      java.util.function.Supplier<java.util.Optional<String>> loginPassword,
      java.time.Clock clock,
      HandshakeLimits handshakes,
      Backoff backoff) {
    this.settings = settings;
    this.handshakes = handshakes;
    this.backoff = backoff;
    AtomicInteger pumps = new AtomicInteger();
    this.io =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "pagetune-ssh-io-" + pumps.getAndIncrement());
              t.setDaemon(true);
              return t;
            });
    DefaultConfig config = new DefaultConfig();
    // host certificates are judged by KnownHostsStore (with the injected clock), and only for a
    // CA that a @cert-authority line trusts for the host
    config.setVerifyHostKeyCertificates(false);
    // X25519, AES-GCM and SHA-256 from the JDK's providers, not BouncyCastle's; AES-GCM first
    // where C2 compiles its intrinsics
    JdkAlgorithms.preferIn(config, JdkAlgorithms.aesIntrinsicsCompiled());
    this.sshConfig = SshConfigFile.load(settings.sshConfigFile());
    this.login = new Login(new KeyLoader(settings.keyPassphrase()), loginPassword);
    KnownHostsStores knownHosts =
        new KnownHostsStores(settings.hostKeyChecking(), settings.knownHostsFiles(), clock);
    this.handshake = new Handshake(config, settings, knownHosts, login, timer);
  }

  @Override
  public String type() {
    return "ssh";
  }

  public SshSettings settings() {
    return settings;
  }

  @Override
  public Connection open(ConnectionSpec spec) {
    SshTarget target;
    try {
      target = SshTarget.resolve(spec, sshConfig, settings);
    } catch (IllegalArgumentException e) {
      throw new ConnectionException(spec.inventoryName() + ": " + e.getMessage(), e);
    }
    String password = login.password(spec);
    long delay = settings.backoffBase().toMillis();
    // the server's slot is kept through the back-off: a saturated sshd sees fewer handshakes
    HandshakeLimits.Slot server = handshakes.server(target);
    try {
      for (int attempt = 1; ; attempt++) {
        HandshakeLimits.Slot overall = handshakes.overall(target);
        try {
          SshAlgorithms.Recorder algorithms = new SshAlgorithms.Recorder();
          SSHClient client = connectRoute(target, password, algorithms);
          return new SshConnection(
              target,
              client,
              settings,
              becomePassword(spec),
              io,
              timer,
              outputLimit(spec),
              algorithms);
        } catch (Handshake.Dropped e) {
          if (attempt >= settings.connectAttempts()) {
            throw new ConnectionException(
                target.inventoryName()
                    + ": connection to "
                    + HandshakeLimits.serverOf(target)
                    + " was closed during the handshake "
                    + attempt
                    + " times ("
                    + e.getCause().getMessage()
                    + "); is sshd's MaxStartups too low?",
                e.getCause());
          }
        } finally {
          overall.close();
        }
        pauseWithJitter(delay);
        delay = Math.min(delay * 2, 5_000);
      }
    } finally {
      server.close();
    }
  }

  /** The host's {@code ansible_become_password} (or _pass), else the run-wide one. */
  private java.util.function.Supplier<java.util.Optional<String>> becomePassword(
      ConnectionSpec spec) {
    Object p = spec.vars().get("ansible_become_password");
    if (p == null) {
      p = spec.vars().get("ansible_become_pass");
    }
    if (p == null) {
      return settings.becomePassword();
    }
    String value = p.toString();
    return () -> java.util.Optional.of(value);
  }

  private static OutputLimit outputLimit(ConnectionSpec spec) {
    try {
      return OutputLimit.of(spec.vars());
    } catch (IllegalArgumentException e) {
      throw new ConnectionException(spec.inventoryName() + ": " + e.getMessage());
    }
  }

  /**
   * Connects and logs in to every jump host in order, then to the target through the last one. The
   * jump clients are closed when the target's client disconnects, or at once on failure.
   */
  private SSHClient connectRoute(
      SshTarget target, String password, SshAlgorithms.Recorder algorithms)
      throws Handshake.Dropped {
    List<SshTarget> jumps = target.jumps();
    List<SSHClient> opened = new ArrayList<>();
    boolean ok = false;
    try {
      DirectConnection via = null;
      for (int i = 0; i < jumps.size(); i++) {
        SshTarget jump = jumps.get(i);
        // ansible_password belongs to the target; jump hosts log in with keys
        SSHClient hop = handshake.connect(jump, null, via, new SshAlgorithms.Recorder());
        opened.add(hop);
        via = tunnel(hop, jump, i + 1 < jumps.size() ? jumps.get(i + 1) : target);
      }
      SSHClient client = handshake.connect(target, password, via, algorithms);
      if (!opened.isEmpty()) {
        closeJumpsWith(client, opened);
      }
      ok = true;
      return client;
    } finally {
      if (!ok) {
        for (int i = opened.size() - 1; i >= 0; i--) {
          ConnectionProbe.closeQuietly(opened.get(i));
        }
      }
    }
  }

  /** A direct-tcpip channel from {@code jump} to the next hop. */
  private static DirectConnection tunnel(SSHClient hop, SshTarget jump, SshTarget next) {
    try {
      return hop.newDirectConnection(next.address(), next.port());
    } catch (IOException e) {
      throw new ConnectionException(
          jump.inventoryName()
              + " cannot open a tunnel to "
              + next.address()
              + ":"
              + next.port()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private static void closeJumpsWith(SSHClient client, List<SSHClient> jumps) {
    OnDisconnect.also(
        client,
        () -> {
          for (int i = jumps.size() - 1; i >= 0; i--) {
            ConnectionProbe.closeQuietly(jumps.get(i));
          }
        });
  }

  private void pauseWithJitter(long delay) {
    long jittered = delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
    try {
      backoff.pause(java.time.Duration.ofMillis(jittered));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException("interrupted while waiting to reconnect", e);
    }
  }
}
