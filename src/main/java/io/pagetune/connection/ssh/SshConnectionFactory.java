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
import io.pagetune.connection.ssh.hostkeys.HostKeyChecking;
import io.pagetune.connection.ssh.hostkeys.KnownHostsStore;
import io.pagetune.connection.ssh.session.ConnectionProbe;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.DirectConnection;
import net.schmizz.sshj.userauth.UserAuthException;
import net.schmizz.sshj.userauth.method.AuthMethod;
import net.schmizz.sshj.userauth.method.AuthPassword;
import net.schmizz.sshj.userauth.method.AuthPublickey;
import net.schmizz.sshj.userauth.password.PasswordUtils;

/**
 * Opens {@code ssh} connections (sshj): one client per host, all built from one shared config,
 * handshakes limited factory-wide and retried with backoff when the server drops them (sshd's
 * MaxStartups). Unreachable hosts, refused logins and bad host keys fail at once with one line.
 * Jump hosts (ProxyJump) are connected in order, each through a direct-tcpip tunnel of the one
 * before, with the same strict host key checks and login rules as the target; they stay open as
 * long as the target's connection and are closed with it.
 */
public final class SshConnectionFactory implements ConnectionFactory {
  /** Pumps for command streams, shared by every connection of this factory. */
  private final ExecutorService io;

  private final java.util.concurrent.ScheduledExecutorService timer = SshTimer.create();
  private final SharedKeepAlive keepAlive = new SharedKeepAlive(timer);

  private final SshSettings settings;
  private final DefaultConfig config;
  private final KnownHostsStore knownHosts;
  private final java.time.Clock clock;
  // hosts whose ssh arguments name their own known_hosts files or checking mode
  private final java.util.Map<StoreKey, KnownHostsStore> otherStores =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final SshConfigFile sshConfig;
  private final Semaphore handshakes;
  private final KeyLoader keys;

  /** The login password for hosts without {@code ansible_password} ({@code -k}). */
  private final java.util.function.Supplier<java.util.Optional<String>> loginPassword;

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
    this.settings = settings;
    this.loginPassword = loginPassword;
    this.clock = clock;
    AtomicInteger pumps = new AtomicInteger();
    this.io =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "pagetune-ssh-io-" + pumps.getAndIncrement());
              t.setDaemon(true);
              return t;
            });
    this.config = new DefaultConfig();
    // host certificates are judged by KnownHostsStore (with the injected clock), and only for a
    // CA that a @cert-authority line trusts for the host
    config.setVerifyHostKeyCertificates(false);
    this.knownHosts =
        new KnownHostsStore(settings.hostKeyChecking(), settings.knownHostsFiles(), clock);
    this.sshConfig = SshConfigFile.load(settings.sshConfigFile());
    this.handshakes = new Semaphore(settings.maxConcurrentHandshakes(), true);
    this.keys = new KeyLoader(settings.keyPassphrase());
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
    String password = password(spec);
    long delay = settings.backoffBase().toMillis();
    for (int attempt = 1; ; attempt++) {
      acquireHandshake(target);
      try {
        SSHClient client = connectRoute(target, password);
        return new SshConnection(
            target, client, settings, becomePassword(spec), io, timer, outputLimit(spec));
      } catch (HandshakeDropped e) {
        if (attempt >= settings.connectAttempts()) {
          throw new ConnectionException(
              target.inventoryName()
                  + ": connection to "
                  + target.address()
                  + ":"
                  + target.port()
                  + " was closed during the handshake "
                  + attempt
                  + " times ("
                  + e.getCause().getMessage()
                  + "); is sshd's MaxStartups too low?",
              e.getCause());
        }
        // back off while still holding the slot: a saturated server sees fewer handshakes
        sleepWithJitter(delay);
        delay = Math.min(delay * 2, 5_000);
      } finally {
        handshakes.release();
      }
    }
  }

  private void acquireHandshake(SshTarget target) {
    try {
      handshakes.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(target.inventoryName() + ": interrupted while connecting", e);
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

  private String password(ConnectionSpec spec) {
    Object p = spec.vars().get("ansible_password");
    if (p == null) {
      p = spec.vars().get("ansible_ssh_pass");
    }
    return p == null ? loginPassword.get().orElse(null) : p.toString();
  }

  /** A reset or EOF after TCP connected: worth another try. */
  private static final class HandshakeDropped extends Exception {
    private static final long serialVersionUID = 1L;

    HandshakeDropped(Throwable cause) {
      super(cause);
    }
  }

  /** Which known_hosts files, checked how. */
  private record StoreKey(HostKeyChecking mode, List<java.nio.file.Path> files) {}

  private KnownHostsStore knownHostsFor(SshTarget target) {
    if (target.hostKeyChecking() == null && target.knownHostsFiles() == null) {
      return knownHosts;
    }
    StoreKey key =
        new StoreKey(
            target.hostKeyChecking() != null
                ? target.hostKeyChecking()
                : settings.hostKeyChecking(),
            target.knownHostsFiles() != null
                ? target.knownHostsFiles()
                : settings.knownHostsFiles());
    return otherStores.computeIfAbsent(key, k -> new KnownHostsStore(k.mode(), k.files(), clock));
  }

  /**
   * Connects and logs in to every jump host in order, then to the target through the last one. The
   * jump clients are closed when the target's client disconnects, or at once on failure.
   */
  private SSHClient connectRoute(SshTarget target, String password) throws HandshakeDropped {
    List<SshTarget> jumps = target.jumps();
    List<SSHClient> opened = new ArrayList<>();
    boolean ok = false;
    try {
      DirectConnection via = null;
      for (int i = 0; i < jumps.size(); i++) {
        SshTarget jump = jumps.get(i);
        // ansible_password belongs to the target; jump hosts log in with keys
        SSHClient hop = connectOnce(jump, null, via);
        opened.add(hop);
        via = tunnel(hop, jump, i + 1 < jumps.size() ? jumps.get(i + 1) : target);
      }
      SSHClient client = connectOnce(target, password, via);
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
    net.schmizz.sshj.transport.Transport transport = client.getTransport();
    net.schmizz.sshj.transport.DisconnectListener before = transport.getDisconnectListener();
    transport.setDisconnectListener(
        (reason, message) -> {
          if (before != null) {
            before.notifyDisconnect(reason, message);
          }
          for (int i = jumps.size() - 1; i >= 0; i--) {
            ConnectionProbe.closeQuietly(jumps.get(i));
          }
        });
  }

  private SSHClient connectOnce(SshTarget target, String password, DirectConnection via)
      throws HandshakeDropped {
    SSHClient client = new SSHClient(config);
    KnownHostsStore.Verifier verifier = knownHostsFor(target).verifier(target.inventoryName());
    client.addHostKeyVerifier(verifier);
    client.setSocketFactory(NoDelaySocketFactory.INSTANCE);
    Duration connectTimeout =
        target.connectTimeout() != null ? target.connectTimeout() : settings.connectTimeout();
    Duration keepalive =
        target.keepaliveInterval() != null
            ? target.keepaliveInterval()
            : settings.keepaliveInterval();
    client.setConnectTimeout((int) connectTimeout.toMillis());
    client.setTimeout((int) settings.socketTimeout().toMillis());
    // no keepalive thread of sshj's per connection: one shared thread sends them once connected
    client.getConnection().getKeepAlive().setKeepAliveInterval(0);
    // a server that accepts TCP but never answers would hold the handshake forever (the socket
    // has no read timeout, so that idle sessions live): a watchdog closes it
    AtomicInteger state = new AtomicInteger(RUNNING);
    long limit = connectTimeout.multipliedBy(3).toMillis();
    CompletableFuture.runAsync(
        () -> {
          if (state.compareAndSet(RUNNING, EXPIRED)) {
            ConnectionProbe.closeQuietly(client);
          }
        },
        CompletableFuture.delayedExecutor(limit, TimeUnit.MILLISECONDS));
    boolean ok = false;
    try {
      handshake(client, target, verifier, via, connectTimeout);
      authenticate(client, target, password);
      ok = state.compareAndSet(RUNNING, DONE);
      if (ok) {
        // a host that stops answering (not even TCP resets) is given up after three intervals
        keepAlive.watch(target.inventoryName(), client, keepalive, 3);
      }
    } catch (HandshakeDropped | RuntimeException e) {
      if (state.get() != EXPIRED) {
        throw e;
      }
    } finally {
      if (!ok) {
        state.set(EXPIRED);
        ConnectionProbe.closeQuietly(client);
      }
    }
    if (!ok) {
      throw new ConnectionException(
          target.inventoryName()
              + ": SSH handshake with "
              + target.address()
              + ":"
              + target.port()
              + " timed out after "
              + connectTimeout.multipliedBy(3).toSeconds()
              + " s (the port accepts connections but the server does not answer)");
    }
    return client;
  }

  private static final int RUNNING = 0;
  private static final int DONE = 1;
  private static final int EXPIRED = 2;

  /** Connects directly, or through {@code via} (a jump host's tunnel) when it is set. */
  private void handshake(
      SSHClient client,
      SshTarget target,
      KnownHostsStore.Verifier verifier,
      DirectConnection via,
      Duration connectTimeout)
      throws HandshakeDropped {
    String to = target.address() + ":" + target.port();
    try {
      if (via != null) {
        client.connectVia(via);
      } else {
        client.connect(target.address(), target.port());
      }
    } catch (UnknownHostException e) {
      throw new ConnectionException(
          target.inventoryName() + ": cannot resolve host name '" + target.address() + "'", e);
    } catch (ConnectException e) {
      throw new ConnectionException(
          target.inventoryName() + ": cannot connect to " + to + ": connection refused", e);
    } catch (NoRouteToHostException e) {
      throw new ConnectionException(
          target.inventoryName() + ": cannot connect to " + to + ": no route to host", e);
    } catch (SocketTimeoutException e) {
      throw new ConnectionException(
          target.inventoryName()
              + ": cannot connect to "
              + to
              + ": timed out after "
              + connectTimeout.toSeconds()
              + " s",
          e);
    } catch (IOException e) {
      if (verifier.failure() != null) {
        throw new ConnectionException(verifier.failure(), e);
      }
      if (isDrop(e)) {
        throw new HandshakeDropped(e);
      }
      throw new ConnectionException(
          target.inventoryName()
              + ": SSH handshake with "
              + to
              + " failed: "
              + ConnectionProbe.oneLine(String.valueOf(e.getMessage())),
          e);
    }
  }

  private static boolean isDrop(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SocketException || t instanceof EOFException) {
        return true;
      }
      String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
      if (m.contains("eof")
          || m.contains("reset")
          || m.contains("broken")
          || m.contains("closed connection")) {
        return true;
      }
    }
    return false;
  }

  private void authenticate(SSHClient client, SshTarget target, String password) {
    List<KeyLoader.LoadedKey> loaded = keys.load(client, target);
    List<AuthMethod> methods = new ArrayList<>();
    for (KeyLoader.LoadedKey k : loaded) {
      methods.add(new AuthPublickey(k.provider()));
    }
    if (password != null) {
      methods.add(new AuthPassword(PasswordUtils.createOneOff(password.toCharArray())));
    }
    String tried =
        loaded.isEmpty()
            ? "no key"
            : "key "
                + loaded.stream().map(k -> k.file().toString()).collect(Collectors.joining(", "));
    if (password != null) {
      tried += " and a password";
    }
    if (methods.isEmpty()) {
      throw new ConnectionException(
          target.inventoryName()
              + ": no usable private key (looked for "
              + target.keyFiles().stream().map(Object::toString).collect(Collectors.joining(", "))
              + ") and no ansible_password for user "
              + target.user());
    }
    try {
      client.auth(target.user(), methods);
    } catch (UserAuthException e) {
      throw new ConnectionException(
          target.inventoryName()
              + ": authentication failed for user "
              + target.user()
              + " with "
              + tried,
          e);
    } catch (IOException e) {
      throw new ConnectionException(
          target.inventoryName()
              + ": connection to "
              + target.where()
              + " dropped during login: "
              + ConnectionProbe.oneLine(String.valueOf(e.getMessage())),
          e);
    }
  }

  private static void sleepWithJitter(long delay) {
    long jittered = delay / 2 + ThreadLocalRandom.current().nextLong(delay / 2 + 1);
    try {
      Thread.sleep(jittered);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException("interrupted while waiting to reconnect", e);
    }
  }
}
