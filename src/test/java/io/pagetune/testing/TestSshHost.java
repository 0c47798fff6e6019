package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.common.signature.Signature;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.sftp.server.FileHandle;
import org.apache.sshd.sftp.server.SftpEventListener;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * One in-process SSH server (Apache MINA SSHD) on a random loopback port with its own host key,
 * public-key (and optionally password) auth, real {@code /bin/sh} commands in its own working
 * directory, and SFTP when asked. Faults: {@link #killSessions()}, {@link #stop()}, {@link
 * #killSessionsAfterSftpBytes(long)}.
 */
public final class TestSshHost implements AutoCloseable {
  /** How a host is set up. */
  public record Options(
      boolean sftp,
      boolean newSession,
      int maxChannels,
      int handshakeLimit,
      String hostKeyType,
      String password,
      java.nio.file.Path pathPrefix) {
    public static Options defaults() {
      return new Options(true, true, 10, 0, TestKeys.KeyPairTypes.ED25519, null, null);
    }

    /** Puts this directory first on the commands' PATH (fake sudo and the like). */
    public Options withPathPrefix(java.nio.file.Path dir) {
      return new Options(sftp, newSession, maxChannels, handshakeLimit, hostKeyType, password, dir);
    }

    public Options withSftp(boolean on) {
      return new Options(
          on, newSession, maxChannels, handshakeLimit, hostKeyType, password, pathPrefix);
    }

    /** false: commands stay in the server's process group (like MINA's process factory). */
    public Options withNewSession(boolean on) {
      return new Options(sftp, on, maxChannels, handshakeLimit, hostKeyType, password, pathPrefix);
    }

    /** Unauthenticated sessions allowed at once; more are dropped (sshd's MaxStartups). */
    public Options withHandshakeLimit(int limit) {
      return new Options(sftp, newSession, maxChannels, limit, hostKeyType, password, pathPrefix);
    }

    /** {@code ssh-ed25519} (default), {@code ssh-rsa} or {@code ecdsa-sha2-nistp256}. */
    public Options withHostKeyType(String type) {
      return new Options(sftp, newSession, maxChannels, handshakeLimit, type, password, pathPrefix);
    }

    public Options withPassword(String pw) {
      return new Options(
          sftp, newSession, maxChannels, handshakeLimit, hostKeyType, pw, pathPrefix);
    }
  }

  private final SshServer server;
  private final KeyPair hostKey;
  private final Path workDir;
  private final List<PublicKey> authorized = new CopyOnWriteArrayList<>();
  private final Set<Process> running = ConcurrentHashMap.newKeySet();
  private final AtomicLong killAfterSftpBytes = new AtomicLong(-1);
  private final AtomicInteger droppedHandshakes = new AtomicInteger();
  private HandshakeLimit handshakeLimit;
  private final AtomicInteger maxRunningSeen = new AtomicInteger();
  private final AtomicInteger execRequests = new AtomicInteger();
  private final AtomicInteger sftpRequests = new AtomicInteger();
  private final CommandFaults faults = new CommandFaults();
  private final List<String> forwarded = new CopyOnWriteArrayList<>();
  private final List<String> loginUsers = new CopyOnWriteArrayList<>();

  TestSshHost(Options options, Path workDir) {
    this(options, workDir, null);
  }

  /**
   * {@code binSh}: when set, every command runs in a mount namespace of its own where this shell is
   * {@code /bin/sh}, as on a host whose {@code /bin/sh} is ksh or busybox (see {@link
   * ShellExecCommand}).
   */
  TestSshHost(Options options, Path workDir, Path binSh) {
    this.workDir = workDir;
    this.hostKey = TestKeys.generate(options.hostKeyType(), bits(options.hostKeyType()));
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    server.setPublickeyAuthenticator(
        (user, key, session) -> {
          boolean ok = authorized.stream().anyMatch(k -> KeyUtils.compareKeys(k, key));
          if (ok) {
            loginUsers.add(user);
          }
          return ok;
        });
    if (options.password() != null) {
      server.setPasswordAuthenticator((user, pw, session) -> options.password().equals(pw));
    }
    server.setCommandFactory(
        (channel, command) -> {
          execRequests.incrementAndGet();
          Command fault = faults.forCommand(command, this::killSessions);
          return fault != null
              ? fault
              : new ShellExecCommand(
                  command,
                  workDir,
                  options.newSession(),
                  options.pathPrefix(),
                  binSh,
                  running,
                  maxRunningSeen,
                  recent -> faults.passInput(recent, this::killSessions));
        });
    CoreModuleProperties.MAX_CONCURRENT_CHANNELS.set(server, options.maxChannels());
    if (options.sftp()) {
      SftpSubsystemFactory sftp = new SftpSubsystemFactory.Builder().build();
      sftp.addSftpEventListener(new KillDuringWrite());
      sftp.addSftpEventListener(faults.sftpListener(this::killSessions));
      sftp.addSftpEventListener(new CountRequests());
      server.setSubsystemFactories(List.of(sftp));
    }
    if (options.handshakeLimit() > 0) {
      handshakeLimit = new HandshakeLimit(options.handshakeLimit());
      server.addSessionListener(handshakeLimit);
    }
  }

  private static int bits(String type) {
    return type.equals(TestKeys.KeyPairTypes.RSA) ? 2048 : 256;
  }

  void start() {
    try {
      server.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public int port() {
    return server.getPort();
  }

  public Path workDir() {
    return workDir;
  }

  public PublicKey hostKey() {
    return hostKey.getPublic();
  }

  /** This host's known_hosts line ({@code [127.0.0.1]:port type base64}). */
  public String knownHostsLine() {
    return "[127.0.0.1]:" + port() + " " + TestKeys.publicLine(hostKey);
  }

  /**
   * From now on offers only the key exchange {@code kex} and the cipher {@code cipher} (their names
   * in the protocol), as an older or stricter server might.
   */
  public void offerOnly(String kex, String cipher) {
    server.setKeyExchangeFactories(
        server.getKeyExchangeFactories().stream().filter(f -> f.getName().equals(kex)).toList());
    server.setCipherFactories(
        server.getCipherFactories().stream().filter(f -> f.getName().equals(cipher)).toList());
    if (server.getKeyExchangeFactories().isEmpty() || server.getCipherFactories().isEmpty()) {
      throw new IllegalArgumentException("this server has no " + kex + " or no " + cipher);
    }
  }

  /** Offers this OpenSSH host certificate (of {@link #hostKey()}) as well as the plain key. */
  public void presentCertificate(org.apache.sshd.common.config.keys.OpenSshCertificate cert) {
    server.setHostKeyCertificateProvider(session -> List.of(cert));
    // MINA names the certificate algorithm inside the key exchange signature; OpenSSH (and the
    // protocol) use the plain key's name there, and sshj insists on it
    List<NamedFactory<Signature>> factories = new java.util.ArrayList<>();
    for (NamedFactory<Signature> f : server.getSignatureFactories()) {
      String name = f.getName();
      String suffix = "-cert-v01@openssh.com";
      factories.add(
          !name.endsWith(suffix)
              ? f
              : new NamedFactory<>() {
                @Override
                public String getName() {
                  return name;
                }

                @Override
                public Signature create() {
                  return new PlainNamedSignature(
                      f.create(), name.substring(0, name.length() - suffix.length()));
                }
              });
    }
    server.setSignatureFactories(factories);
  }

  /** A signature that names the plain key algorithm in what it sends. */
  private record PlainNamedSignature(Signature delegate, String plainName) implements Signature {
    @Override
    public String getAlgorithm() {
      return delegate.getAlgorithm();
    }

    @Override
    public void initVerifier(
        org.apache.sshd.common.session.SessionContext session, java.security.PublicKey key)
        throws Exception {
      delegate.initVerifier(session, key);
    }

    @Override
    public void initSigner(
        org.apache.sshd.common.session.SessionContext session, java.security.PrivateKey key)
        throws Exception {
      delegate.initSigner(session, key);
    }

    @Override
    public void update(
        org.apache.sshd.common.session.SessionContext session, byte[] hash, int off, int len)
        throws Exception {
      delegate.update(session, hash, off, len);
    }

    @Override
    public boolean verify(org.apache.sshd.common.session.SessionContext session, byte[] sig)
        throws Exception {
      return delegate.verify(session, sig);
    }

    @Override
    public byte[] sign(org.apache.sshd.common.session.SessionContext session) throws Exception {
      return delegate.sign(session);
    }

    @Override
    public String getSshAlgorithmName(String algorithm) {
      return plainName;
    }
  }

  /**
   * Lets authenticated clients open direct-tcpip channels (as a bastion does for {@code ssh -J}),
   * recording each destination asked for.
   */
  public void allowTcpForwarding() {
    server.setForwardingFilter(
        new org.apache.sshd.server.forward.AcceptAllForwardingFilter() {
          @Override
          public boolean canConnect(
              Type type,
              org.apache.sshd.common.util.net.SshdSocketAddress address,
              org.apache.sshd.common.session.Session session) {
            forwarded.add(address.getHostName() + ":" + address.getPort());
            return true;
          }
        });
  }

  /** Sessions open on this server now. */
  public int activeSessions() {
    return server.getActiveSessions().size();
  }

  /** User names offered with an authorised key, in order (sshd asks twice per login). */
  public List<String> loginUsers() {
    return List.copyOf(loginUsers);
  }

  /** The host:port destinations clients tunnelled to through this host, in order. */
  public List<String> forwardedTo() {
    return List.copyOf(forwarded);
  }

  public void authorize(PublicKey key) {
    authorized.add(key);
  }

  /** Handshakes the server dropped because of its handshake limit. */
  /** Unauthenticated sessions the server counts against its handshake limit now. */
  public int pendingHandshakes() {
    return handshakeLimit == null ? 0 : handshakeLimit.pendingCount();
  }

  public int droppedHandshakes() {
    return droppedHandshakes.get();
  }

  /** The most commands that ran at once on this host. */
  /** Exec requests received so far (each one a channel and a forked shell on a real sshd). */
  public int execRequests() {
    return execRequests.get();
  }

  /** SFTP requests received so far (each one a round trip for the client). */
  public int sftpRequests() {
    return sftpRequests.get();
  }

  public int maxRunningSeen() {
    return maxRunningSeen.get();
  }

  /** Closes every session at once, as if the network dropped. */
  public void killSessions() {
    for (var s : server.getActiveSessions()) {
      s.close(true);
    }
  }

  /** Drops every session when the next exec request containing {@code fragment} arrives. */
  public void dropOnCommand(String fragment) {
    faults.dropOn(fragment);
  }

  /**
   * Accepts the next exec request containing {@code fragment} and never answers on its channel: no
   * output, no exit status (the server itself stays responsive).
   */
  public void stallOnCommand(String fragment) {
    faults.stallOn(fragment);
  }

  /**
   * From now on the SFTP subsystem starts but never answers, not even the client's first packet
   * (the server itself stays responsive).
   */
  public void silenceSftp() {
    server.setSubsystemFactories(
        List.of(
            new org.apache.sshd.server.subsystem.SubsystemFactory() {
              @Override
              public String getName() {
                return "sftp";
              }

              @Override
              public Command createSubsystem(
                  org.apache.sshd.server.channel.ChannelSession channel) {
                return CommandFaults.silent();
              }
            }));
  }

  /** Drops every session when the next SFTP file open arrives. */
  public void dropOnSftpOpen() {
    faults.dropOnSftpOpen();
  }

  /** Drops all sessions once an SFTP upload has written at least this many bytes. */
  public void killSessionsAfterSftpBytes(long bytes) {
    killAfterSftpBytes.set(bytes);
  }

  /** Stops the server and ends any command it started. */
  public void stop() {
    try {
      server.stop(true);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (Process p : running) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  @Override
  public void close() {
    stop();
  }

  /** Counts unauthenticated sessions and drops those over the limit, like MaxStartups. */
  private final class HandshakeLimit implements SessionListener {
    private final int limit;
    private final Set<Session> pending = ConcurrentHashMap.newKeySet();

    HandshakeLimit(int limit) {
      this.limit = limit;
    }

    int pendingCount() {
      synchronized (pending) {
        return pending.size();
      }
    }

    @Override
    public void sessionCreated(Session session) {
      synchronized (pending) {
        if (pending.size() >= limit) {
          droppedHandshakes.incrementAndGet();
          session.close(true);
          return;
        }
        pending.add(session);
      }
    }

    @Override
    public void sessionEvent(Session session, Event event) {
      if (event == Event.Authenticated) {
        synchronized (pending) {
          pending.remove(session);
        }
      }
    }

    @Override
    public void sessionClosed(Session session) {
      synchronized (pending) {
        pending.remove(session);
      }
    }
  }

  /** Counts every SFTP request, extensions (such as posix-rename) included. */
  private final class CountRequests implements SftpEventListener {
    @Override
    public void received(ServerSession session, int type, int id) {
      sftpRequests.incrementAndGet();
    }
  }

  /** Drops every session in the middle of a large enough SFTP write. */
  private final class KillDuringWrite implements SftpEventListener {
    @Override
    public void writing(
        ServerSession session,
        String remoteHandle,
        FileHandle localHandle,
        long offset,
        byte[] data,
        int dataOffset,
        int dataLen)
        throws IOException {
      long limit = killAfterSftpBytes.get();
      if (limit >= 0 && offset >= limit) {
        killAfterSftpBytes.set(-1);
        killSessions();
        throw new IOException("test: connection dropped mid-upload");
      }
    }
  }

  static Path newWorkDir(Path parent, String name) {
    try {
      return Files.createDirectories(parent.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
