package io.pagetune.connection.ssh;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import net.schmizz.sshj.SSHClient;

/**
 * One host over SSH: one authenticated sshj client reused by every command, one exec channel per
 * command (at most {@code maxChannelsPerHost} at once), commands killed on the host at their
 * timeout, files through SFTP when the server offers it and through the shell otherwise.
 */
public final class SshConnection implements Connection {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(20);

  private final SshTarget target;
  private final OutputLimit limit;
  private final SSHClient client;
  private final Supplier<Optional<String>> becomePassword;
  private final Semaphore channels;
  // kills run while their command's channel is still open: they get a channel of their own
  private final Semaphore killChannel = new Semaphore(1);
  private final ExecutorService io;
  private final ExecChannel exec;
  private final Map<String, Boolean> sudoWithoutPassword = new ConcurrentHashMap<>();
  private final RemoteFiles files;
  private final ConnectionProbe probe;
  private final ShellSessions sessions;
  private final SessionWrite sessionWrite = new SessionWrite(this);
  private final AtomicInteger scriptsOnSession = new AtomicInteger();
  private final AtomicInteger sessionCommands = new AtomicInteger();

  /**
   * The timeout of the task now using this host; until a task (or fact gathering) sets one, sshj's
   * own default of 30 s. It bounds every wait of this connection on the host that is not a command
   * with a timeout of its own: file operations, the sudo question, channels opening.
   */
  private volatile Duration taskTimeout = DEFAULT_TASK_TIMEOUT;

  static final Duration DEFAULT_TASK_TIMEOUT = Duration.ofSeconds(30);

  /** Shell sessions one host may keep at once; the rest of its parallel commands use exec. */
  private static final int SHELL_SESSIONS_PER_HOST = 2;

  SshConnection(
      SshTarget target,
      SSHClient client,
      SshSettings settings,
      Supplier<Optional<String>> becomePassword,
      ExecutorService io,
      java.util.concurrent.ScheduledExecutorService timer,
      OutputLimit limit) {
    this.target = target;
    this.limit = limit;
    this.client = client;
    this.becomePassword = becomePassword;
    this.channels = new Semaphore(settings.maxChannelsPerHost(), true);
    // stream pumps come from the factory's pool: idle pump threads are shared by all hosts
    this.io = io;
    this.probe = new ConnectionProbe(target.inventoryName(), client, ConnectionProbe.DEFAULT_WAIT);
    this.exec = new ExecChannel(target.inventoryName(), client, io, probe, limit);
    this.files = new RemoteFiles(this, client, channels, probe, io);
    this.sessions =
        new ShellSessions(
            target.inventoryName(),
            client,
            io,
            timer,
            probe,
            channels,
            settings.shellSession() ? SHELL_SESSIONS_PER_HOST : 0,
            limit);
    useTaskTimeout(DEFAULT_TASK_TIMEOUT);
  }

  @Override
  public String host() {
    return target.inventoryName();
  }

  /** user@address:port of this connection. */
  public String endpoint() {
    return target.where();
  }

  @Override
  public CommandResult run(RemoteCommand command, Duration timeout) {
    byte[] input =
        command.stdin() == null ? new byte[0] : command.stdin().getBytes(StandardCharsets.UTF_8);
    ExecChannel.Raw raw =
        runShell(ShellQuote.render(command), input, command.become(), timeout, command.display());
    String stderr = new String(raw.stderr(), StandardCharsets.UTF_8);
    if (command.become().enabled() && SudoFailure.isWrongPassword(raw.exitCode(), stderr)) {
      return new CommandResult(
          1,
          new String(raw.stdout(), StandardCharsets.UTF_8),
          SudoFailure.message(command.become().user(), host()),
          raw.elapsed(),
          false);
    }
    return new CommandResult(
        raw.exitCode(),
        new String(raw.stdout(), StandardCharsets.UTF_8),
        stderr,
        raw.elapsed(),
        raw.timedOut());
  }

  /**
   * Runs an already rendered shell string with raw stdin bytes, killable at its timeout. With
   * become the sudo password (when sudo asks for one) is sent first on stdin.
   */
  ExecChannel.Raw runShell(
      String rendered, byte[] stdin, Become become, Duration timeout, String display) {
    RemoteProcess process = new RemoteProcess("pagetune-pid-" + hex(8));
    byte[] input = become.enabled() ? withPassword(become, stdin) : stdin;
    Consumer<byte[]> killer = stderrSoFar -> kill(process.pid(stderrSoFar), become);
    ExecChannel.Raw raw =
        input.length == 0 ? onSession(process.child(rendered), timeout, display, killer) : null;
    if (raw == null) {
      // input (the command's, or the sudo password) needs a channel whose stdin is the command's
      raw = exec.run(process.wrap(rendered), input, timeout, channels, display, killer);
    }
    byte[] err = process.stripMarker(raw.stderr()).getBytes(StandardCharsets.UTF_8);
    return new ExecChannel.Raw(raw.exitCode(), raw.stdout(), err, raw.elapsed(), raw.timedOut());
  }

  /** Runs a command on a shell session of this host, or returns null when none is free. */
  private ExecChannel.Raw onSession(
      String line, Duration timeout, String display, Consumer<byte[]> onTimeout) {
    Optional<ShellSession> session = sessions.borrow(timeout);
    if (session.isEmpty()) {
      return null;
    }
    try {
      sessionCommands.incrementAndGet();
      return session.get().run(line, timeout, display, onTimeout);
    } finally {
      sessions.giveBack(session.get());
    }
  }

  /**
   * Runs a script that a {@code /bin/sh} reads from its standard input on a shell session of this
   * host, with become through {@code sudo -n} (the script is sudo's stdin, so no password can go
   * there): null when no session is free, or when become would need the password.
   */
  ExecChannel.Raw runScriptOnSession(
      String script, Become become, Duration timeout, String display) {
    if (become.enabled()
        && becomePassword.get().isPresent()
        && !sudoNeedsNoPassword(become.user())) {
      return null;
    }
    Optional<ShellSession> session = sessions.borrow(timeout);
    if (session.isEmpty()) {
      return null;
    }
    RemoteProcess process = new RemoteProcess("pagetune-pid-" + hex(8));
    String shell =
        become.enabled()
            ? ShellQuote.join(List.of("sudo", "-n", "-H", "-u", become.user(), "--", "/bin/sh"))
            : "/bin/sh";
    Consumer<byte[]> killer = stderrSoFar -> kill(process.pid(stderrSoFar), become);
    ExecChannel.Raw raw;
    try {
      sessionCommands.incrementAndGet();
      scriptsOnSession.incrementAndGet();
      raw = session.get().runWithInput(process.child(shell), script, timeout, display, killer);
    } finally {
      sessions.giveBack(session.get());
    }
    byte[] err = process.stripMarker(raw.stderr()).getBytes(StandardCharsets.UTF_8);
    return new ExecChannel.Raw(raw.exitCode(), raw.stdout(), err, raw.elapsed(), raw.timedOut());
  }

  /** Scripts (one-round-trip writes) run on a shell session so far. */
  int scriptsOnSession() {
    return scriptsOnSession.get();
  }

  /** Commands and scripts run on shell sessions so far (each one round trip). */
  int sessionCommands() {
    return sessionCommands.get();
  }

  /** Shell sessions opened so far on this connection. */
  int shellSessionsOpened() {
    return sessions.opened();
  }

  private void kill(OptionalLong pid, Become become) {
    if (pid.isEmpty()) {
      return; // the wrapper never started, so there is nothing to kill
    }
    String script = RemoteProcess.killScript(pid.getAsLong());
    RemoteCommand killer = RemoteCommand.script(script).withBecome(become);
    byte[] input = become.enabled() ? withPassword(become, new byte[0]) : new byte[0];
    exec.run(ShellQuote.render(killer), input, KILL_TIMEOUT, killChannel, "kill", err -> {});
  }

  private byte[] withPassword(Become become, byte[] stdin) {
    Optional<String> password = becomePassword.get();
    if (password.isEmpty() || sudoNeedsNoPassword(become.user())) {
      return stdin;
    }
    byte[] pw = (password.get() + "\n").getBytes(StandardCharsets.UTF_8);
    byte[] all = new byte[pw.length + stdin.length];
    System.arraycopy(pw, 0, all, 0, pw.length);
    System.arraycopy(stdin, 0, all, pw.length, stdin.length);
    return all;
  }

  /**
   * Whether sudo runs without asking (NOPASSWD): then the password must not be written, or it would
   * become the command's input. Asked once per become user.
   */
  private boolean sudoNeedsNoPassword(String user) {
    return sudoWithoutPassword.computeIfAbsent(
        user,
        u -> {
          String probe = ShellQuote.join(List.of("sudo", "-n", "-u", u, "true"));
          ExecChannel.Raw r =
              exec.run(probe, new byte[0], taskTimeout, channels, "sudo -n", e -> {});
          return r.exitCode() == 0;
        });
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
    // one round trip on the host's shell session where it applies, else stat, upload and install
    if (!sessionWrite.put(content, path, options)) {
      files.put(content, path, options);
    }
  }

  @Override
  public void useTaskTimeout(Duration timeout) {
    taskTimeout = timeout;
    // sshj's own waits (a channel to open, a request or close to be confirmed, window space, a key
    // re-exchange) default to 30 s: past the task timeout and the grace, as a backstop only, so
    // that pagetune's own bound (the task timeout, then the probe) comes first and names them
    int backstop = millis(timeout.plus(probe.grace()));
    client.getConnection().setTimeoutMs(backstop);
    client.getTransport().setTimeoutMs(backstop);
  }

  /** The timeout of the task now using this host (see {@link #useTaskTimeout}). */
  Duration taskTimeout() {
    return taskTimeout;
  }

  /** What sshj now waits at most for a channel, a request's reply or a close (for tests). */
  int sshjTimeoutMs() {
    return client.getConnection().getTimeoutMs();
  }

  static int millis(Duration d) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
  }

  /** The most bytes one command's stream or one file read may bring from this host. */
  OutputLimit outputLimit() {
    return limit;
  }

  /** Whether file operations use SFTP (known after the first one). */
  public boolean usesSftp() {
    return files.sftpAvailable();
  }

  @Override
  public void close() {
    if (probe.gaveUp()) {
      return; // a lost connection is already being closed in the background
    }
    sessions.close();
    files.close();
    SshConnectionFactory.closeQuietly(client);
  }

  static String hex(int bytes) {
    byte[] b = new byte[bytes];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }
}
