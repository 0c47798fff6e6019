package io.pagetune.connection.ssh;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ssh.config.SshSettings;
import io.pagetune.connection.ssh.config.SshTarget;
import io.pagetune.connection.ssh.session.ConnectionProbe;
import io.pagetune.connection.ssh.session.HostCommands;
import io.pagetune.connection.ssh.session.RemoteFiles;
import io.pagetune.connection.ssh.session.TaskTimeout;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import net.schmizz.sshj.SSHClient;

/**
 * One host over SSH: one authenticated sshj client reused by every command, one exec channel per
 * command (at most {@code maxChannelsPerHost} at once), commands killed on the host at their
 * timeout, files through SFTP when the server offers it and through the shell otherwise.
 */
public final class SshConnection implements Connection {
  /** Shell sessions one host may keep at once; the rest of its parallel commands use exec. */
  private static final int SHELL_SESSIONS_PER_HOST = 2;

  private final SshTarget target;
  private final SSHClient client;
  private final ConnectionProbe probe;
  private final TaskTimeout taskTimeout;
  private final HostCommands commands;
  private final RemoteFiles files;
  private final SshAlgorithms.Recorder algorithms;

  SshConnection(
      SshTarget target,
      SSHClient client,
      SshSettings settings,
      Supplier<Optional<String>> becomePassword,
      ExecutorService io,
      ScheduledExecutorService timer,
      OutputLimit limit,
      SshAlgorithms.Recorder algorithms) {
    this.target = target;
    this.algorithms = algorithms;
    this.client = client;
    this.probe = new ConnectionProbe(target.inventoryName(), client, ConnectionProbe.DEFAULT_WAIT);
    this.taskTimeout = new TaskTimeout(client, probe.grace());
    // stream pumps come from the factory's pool: idle pump threads are shared by all hosts
    HostCommands.Channels on =
        new HostCommands.Channels(
            client,
            io,
            timer,
            probe,
            settings.maxChannelsPerHost(),
            settings.shellSession() ? SHELL_SESSIONS_PER_HOST : 0);
    this.commands =
        new HostCommands(target.inventoryName(), on, taskTimeout, becomePassword, limit);
    this.files = new RemoteFiles(commands, client, probe, io, taskTimeout, limit);
  }

  @Override
  public String host() {
    return target.inventoryName();
  }

  /** The algorithms the last key exchange agreed on. */
  public SshAlgorithms algorithms() {
    return algorithms.last();
  }

  /** user@address:port of this connection. */
  public String endpoint() {
    return target.where();
  }

  @Override
  public CommandResult run(RemoteCommand command, Duration timeout) {
    return commands.run(command, timeout);
  }

  /** Scripts (one-round-trip writes) run on a shell session so far. */
  int scriptsOnSession() {
    return commands.scriptsOnSession();
  }

  /** Commands and scripts run on shell sessions so far (each one round trip). */
  int sessionCommands() {
    return commands.sessionCommands();
  }

  /** Shell sessions opened so far on this connection. */
  int shellSessionsOpened() {
    return commands.shellSessionsOpened();
  }

  @Override
  public Optional<byte[]> read(String path, Become become) {
    return files.read(path, become);
  }

  @Override
  public Optional<FileMeta> stat(String path, Become become) {
    return files.stat(path, become);
  }

  @Override
  public void put(byte[] content, String path, PutOptions options) {
    files.put(content, path, options);
  }

  @Override
  public void useTaskTimeout(Duration timeout) {
    taskTimeout.use(timeout);
  }

  /** The timeout of the task now using this host (see {@link #useTaskTimeout}). */
  Duration taskTimeout() {
    return taskTimeout.get();
  }

  /** What sshj now waits at most for a channel, a request's reply or a close (for tests). */
  int sshjTimeoutMs() {
    return taskTimeout.sshjTimeoutMs();
  }

  /** Whether file operations use SFTP (known after the first one). */
  public boolean usesSftp() {
    return files.sftpAvailable();
  }

  /** The sshj client (tests check that nothing holds it once closed). */
  SSHClient client() {
    return client;
  }

  @Override
  public void close() {
    if (probe.gaveUp()) {
      return; // a lost connection is already being closed in the background
    }
    commands.close();
    files.close();
    ConnectionProbe.closeQuietly(client);
  }
}
