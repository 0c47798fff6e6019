package io.pagetune.connection.ssh;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.config.SshTarget;
import io.pagetune.connection.ssh.hostkeys.KnownHostsStore;
import io.pagetune.connection.ssh.hostkeys.KnownHostsStores;
import io.pagetune.connection.ssh.session.ConnectionProbe;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.connection.channel.direct.DirectConnection;

/**
 * One hop's connection: TCP (or a jump host's tunnel), the SSH handshake under a watchdog (a server
 * that accepts TCP but never answers would hold it for ever), the host key checked against the
 * host's known_hosts store, the login, and the shared keepalive once connected. Unreachable hosts,
 * refused logins and bad host keys fail at once with one line.
 */
final class Handshake {
  private final DefaultConfig config;
  private final SshSettings settings;
  private final KnownHostsStores knownHosts;
  private final Login login;
  private final SharedKeepAlive keepAlive;
  private final ScheduledExecutorService timer;

  /** {@code timer}: the factory's timer (see {@link SshTimer}), which also runs the watchdogs. */
  Handshake(
      DefaultConfig config,
      SshSettings settings,
      KnownHostsStores knownHosts,
      Login login,
      ScheduledExecutorService timer) {
    this.config = config;
    this.settings = settings;
    this.knownHosts = knownHosts;
    this.login = login;
    this.timer = timer;
    this.keepAlive = new SharedKeepAlive(timer);
  }

  /** A reset or EOF after TCP connected: worth another try. */
  static final class Dropped extends Exception {
    private static final long serialVersionUID = 1L;

    Dropped(Throwable cause) {
      super(cause);
    }
  }

  /**
   * A client connected to {@code target} (through {@code via}, a jump host's tunnel, when set), its
   * host key checked and logged in, or a one-line failure; a handshake the server dropped is thrown
   * as {@link Dropped}, worth another try. {@code algorithms} records what the key exchanges agree
   * on.
   */
  SSHClient connect(
      SshTarget target, String password, DirectConnection via, SshAlgorithms.Recorder algorithms)
      throws Dropped {
    SSHClient client = new SSHClient(config);
    client.addAlgorithmsVerifier(algorithms);
    KnownHostsStore.Verifier verifier =
        knownHosts
            .storeFor(target.hostKeyChecking(), target.knownHostsFiles())
            .verifier(target.inventoryName());
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
    // cancelled (and so dropped from the timer's queue) once the handshake ends: a watchdog left
    // waiting would hold the client, its buffers and ciphers, for three connect time-outs after the
    // connection closed; at tens of hosts a second that was hundreds of clients, half the live heap
    ScheduledFuture<?> watchdog =
        timer.schedule(
            () -> {
              if (state.compareAndSet(RUNNING, EXPIRED)) {
                // closing may wait on the socket: not on the timer, which times every host
                CompletableFuture.runAsync(() -> ConnectionProbe.closeQuietly(client));
              }
            },
            limit,
            TimeUnit.MILLISECONDS);
    boolean ok = false;
    try {
      handshake(client, target, verifier, via, connectTimeout);
      login.authenticate(client, target, password);
      ok = state.compareAndSet(RUNNING, DONE);
      if (ok) {
        // a host that stops answering (not even TCP resets) is given up after three intervals
        keepAlive.watch(target.inventoryName(), client, keepalive, 3);
      }
    } catch (Dropped | RuntimeException e) {
      if (state.get() != EXPIRED) {
        throw e;
      }
    } finally {
      watchdog.cancel(false);
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
      throws Dropped {
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
        throw new Dropped(e);
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
}
