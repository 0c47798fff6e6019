package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import net.schmizz.sshj.SSHClient;

/**
 * The session layer of one test host as {@code SshConnection} assembles it (8 channels, 2 shell
 * sessions or none), over an sshj client this test connects and logs in itself, host key checked
 * against the extension's known_hosts, so that the layer's own entry points can be driven.
 */
final class SessionHost implements AutoCloseable {
  private final SSHClient client;
  private final ExecutorService io = Executors.newCachedThreadPool(SessionHost::daemon);
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(SessionHost::daemon);
  private final TaskTimeout taskTimeout;
  private final HostCommands commands;
  private final RemoteFiles files;

  private SessionHost(SSHClient client, boolean shellSession, Optional<String> becomePassword) {
    this.client = client;
    ConnectionProbe probe = new ConnectionProbe("db1", client, ConnectionProbe.DEFAULT_WAIT);
    this.taskTimeout = new TaskTimeout(client, probe.grace());
    OutputLimit limit = OutputLimit.of(Map.of());
    HostCommands.Channels on =
        new HostCommands.Channels(client, io, timer, probe, 8, shellSession ? 2 : 0);
    this.commands = new HostCommands("db1", on, taskTimeout, () -> becomePassword, limit);
    this.files = new RemoteFiles(commands, client, probe, io, taskTimeout, limit);
  }

  static SessionHost open(
      SshServerExtension ssh, TestSshHost host, boolean shellSession, Optional<String> password)
      throws IOException {
    SSHClient client = new SSHClient();
    client.loadKnownHosts(ssh.knownHosts().toFile());
    client.connect("127.0.0.1", host.port());
    client.authPublickey(ssh.user(), ssh.clientKey().toString());
    return new SessionHost(client, shellSession, password);
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "session-host-test");
    t.setDaemon(true);
    return t;
  }

  HostCommands commands() {
    return commands;
  }

  SessionWrite sessionWrite() {
    return new SessionWrite(commands, taskTimeout);
  }

  CommandResult run(RemoteCommand command, Duration timeout) {
    return commands.run(command, timeout);
  }

  void put(byte[] content, String path, PutOptions options) {
    files.put(content, path, options);
  }

  Optional<byte[]> read(String path, Become become) {
    return files.read(path, become);
  }

  Optional<FileMeta> stat(String path, Become become) {
    return files.stat(path, become);
  }

  boolean usesSftp() {
    return files.sftpAvailable();
  }

  int scriptsOnSession() {
    return commands.scriptsOnSession();
  }

  int sessionCommands() {
    return commands.sessionCommands();
  }

  int shellSessionsOpened() {
    return commands.shellSessionsOpened();
  }

  @Override
  public void close() {
    commands.close();
    files.close();
    ConnectionProbe.closeQuietly(client);
    io.shutdownNow();
    timer.shutdownNow();
  }
}
