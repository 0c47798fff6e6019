package io.pagetune.connection.ssh;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ssh.config.SshTarget;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * How many SSH handshakes may be in flight: per server, because sshd's {@code MaxStartups} limits
 * the unauthenticated connections of one server, not of a fleet; and in all, because the key
 * exchange costs the control node CPU. A server is the address and port the TCP connection goes to:
 * the first jump host for a host behind one, so every host behind a bastion counts against the
 * bastion's limit.
 */
final class HandshakeLimits {
  /** In-flight handshakes per CPU of the control node: each mostly waits on the network. */
  static final int PER_CPU = 8;

  private final int perServer;
  private final Semaphore all;
  private final ConcurrentHashMap<String, Semaphore> servers = new ConcurrentHashMap<>();

  HandshakeLimits(int perServer, int overall) {
    this.perServer = perServer;
    this.all = new Semaphore(overall, true);
  }

  /** {@code perServer} per server, and in all {@link #PER_CPU} per CPU, never below perServer. */
  static HandshakeLimits forCpus(int perServer, int cpus) {
    return new HandshakeLimits(perServer, Math.max(perServer, PER_CPU * cpus));
  }

  /** A slot held while a handshake is in flight; closing it gives the slot back. */
  interface Slot extends AutoCloseable {
    @Override
    void close();
  }

  /** The server (address:port) whose sshd a connection to {@code target} opens with. */
  static String serverOf(SshTarget target) {
    SshTarget first = target.jumps().isEmpty() ? target : target.jumps().get(0);
    return first.address() + ":" + first.port();
  }

  /** Waits for a slot of {@code target}'s server. */
  Slot server(SshTarget target) {
    Semaphore s = servers.computeIfAbsent(serverOf(target), k -> new Semaphore(perServer, true));
    acquire(s, target);
    return s::release;
  }

  /** A slot of {@code server}'s when one is free at once. */
  Optional<Slot> tryServer(String server) {
    Semaphore s = servers.computeIfAbsent(server, k -> new Semaphore(perServer, true));
    return s.tryAcquire() ? Optional.of(s::release) : Optional.empty();
  }

  /** Waits for one of the slots of the whole run. */
  Slot overall(SshTarget target) {
    acquire(all, target);
    return all::release;
  }

  /** Free slots of the whole run. */
  int overallFree() {
    return all.availablePermits();
  }

  private static void acquire(Semaphore s, SshTarget target) {
    try {
      s.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(target.inventoryName() + ": interrupted while connecting", e);
    }
  }
}
