package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * Debian's OpenSSH sshd on a random loopback port (never 22), with its own config, host key,
 * authorized_keys and pid file in a temp directory, run in the foreground ({@code -D -e}). Skip the
 * tests that use it with {@link #available()} when {@code /usr/sbin/sshd} is missing.
 */
public final class OpenSshFixture implements AutoCloseable {
  public static final Path SSHD = Path.of("/usr/sbin/sshd");
  private static final List<Path> SFTP_SERVERS =
      List.of(Path.of("/usr/lib/openssh/sftp-server"), Path.of("/usr/libexec/openssh/sftp-server"));

  private final Path dir;
  private final KeyPair hostKey;
  private final int port;
  private final Process sshd;

  private OpenSshFixture(Path dir, KeyPair hostKey, int port, Process sshd) {
    this.dir = dir;
    this.hostKey = hostKey;
    this.port = port;
    this.sshd = sshd;
  }

  public static boolean available() {
    return Files.isExecutable(SSHD);
  }

  /** Starts sshd; every key in {@code authorized} may log in as any user. */
  public static OpenSshFixture start(Path dir, boolean sftp, KeyPair... authorized) {
    return start(dir, sftp, null, authorized);
  }

  /**
   * Starts sshd presenting a host certificate: {@code certify} gets the host's public key file
   * ({@code ssh_host_ed25519_key.pub}) and returns the certificate file it made.
   */
  public static OpenSshFixture start(
      Path dir, boolean sftp, UnaryOperator<Path> certify, KeyPair... authorized) {
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
      KeyPair hostKey = TestKeys.ed25519();
      Path hostKeyFile = TestKeys.write(hostKey, dir.resolve("ssh_host_ed25519_key"), null);
      Path certificate = null;
      if (certify != null) {
        Path pub = dir.resolve("ssh_host_ed25519_key.pub");
        Files.writeString(pub, TestKeys.publicLine(hostKey) + "\n");
        certificate = certify.apply(pub);
      }
      StringBuilder keys = new StringBuilder();
      for (KeyPair k : authorized) {
        keys.append(TestKeys.publicLine(k)).append('\n');
      }
      Path authorizedKeys = Files.writeString(dir.resolve("authorized_keys"), keys);
      Files.setPosixFilePermissions(authorizedKeys, PosixFilePermissions.fromString("rw-r--r--"));
      int port = freePort();
      StringBuilder config = new StringBuilder();
      config.append("Port ").append(port).append('\n');
      config.append("ListenAddress 127.0.0.1\n");
      config.append("HostKey ").append(hostKeyFile).append('\n');
      if (certificate != null) {
        config.append("HostCertificate ").append(certificate).append('\n');
      }
      config.append("PidFile ").append(dir.resolve("sshd.pid")).append('\n');
      config.append("AuthorizedKeysFile ").append(authorizedKeys).append('\n');
      config.append("StrictModes no\nUsePAM no\nPubkeyAuthentication yes\n");
      config.append("PasswordAuthentication no\nKbdInteractiveAuthentication no\n");
      config.append("PermitRootLogin prohibit-password\nMaxStartups 50:30:100\nLogLevel ERROR\n");
      // bash sources ~/.bashrc for a command sent over ssh only when it is the first shell
      // (SHLVL below 2): the suite must not depend on the account's interactive start-up files,
      // which on a developer machine may block (e.g. a pyenv rehash waiting on a stale lock)
      config.append("SetEnv SHLVL=1\n");
      if (sftp) {
        Path server = SFTP_SERVERS.stream().filter(Files::isExecutable).findFirst().orElseThrow();
        config.append("Subsystem sftp ").append(server).append('\n');
      }
      Path configFile = Files.writeString(dir.resolve("sshd_config"), config);
      ensurePrivsepDir();
      Process p =
          new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", configFile.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("sshd.log").toFile())
              .start();
      OpenSshFixture f = new OpenSshFixture(dir, hostKey, port, p);
      f.awaitListening();
      return f;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void ensurePrivsepDir() throws IOException {
    Path privsep = Path.of("/run/sshd");
    if (!Files.isDirectory(privsep) && "root".equals(System.getProperty("user.name"))) {
      Files.createDirectories(privsep);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private void awaitListening() throws IOException {
    for (int i = 0; i < 100; i++) {
      if (!sshd.isAlive()) {
        throw new IOException("sshd exited: " + Files.readString(dir.resolve("sshd.log")));
      }
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
        if (s.isConnected()) {
          return;
        }
      } catch (IOException notYet) {
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
      }
    }
    throw new IOException("sshd did not listen on port " + port);
  }

  public int port() {
    return port;
  }

  public String knownHostsLine() {
    return "[127.0.0.1]:" + port + " " + TestKeys.publicLine(hostKey);
  }

  /** Kills sshd and every session process it started, as a crash would. */
  public void kill() {
    sshd.descendants().forEach(ProcessHandle::destroyForcibly);
    sshd.destroyForcibly();
    try {
      sshd.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    kill();
  }
}
