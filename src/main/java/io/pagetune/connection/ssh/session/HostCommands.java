package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.BecomeMarker;
import io.pagetune.connection.BecomeRefused;
import io.pagetune.connection.BecomeShell;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import net.schmizz.sshj.SSHClient;

/**
 * The commands of one host: on a kept shell session when one is free and the command needs no
 * stdin, else on an exec channel (at most {@code maxChannels} channels at once, SFTP's included);
 * with become the password goes first on stdin (to sudo when it asks for one, to su always), and a
 * refusal of sudo or su fails the host in one line; a command past its timeout is killed on the
 * host.
 */
public final class HostCommands {
  private static final Duration KILL_TIMEOUT = Duration.ofSeconds(20);

  private final String host;
  private final Semaphore channels;
  // kills run while their command's channel is still open: they get a channel of their own
  private final Semaphore killChannel = new Semaphore(1);
  private final ExecChannel exec;
  private final ShellSessions sessions;
  private final BecomePassword sudo;
  private final AtomicInteger scriptsOnSession = new AtomicInteger();
  private final AtomicInteger sessionCommands = new AtomicInteger();

  /** What a host's commands run on and within. */
  public record Channels(
      SSHClient client,
      ExecutorService io,
      ScheduledExecutorService timer,
      ConnectionProbe probe,
      int maxChannels,
      int shellSessions) {}

  /**
   * @param shellSessions how many shell sessions the host may keep at once (0: exec channels only)
   */
  public HostCommands(
      String host,
      Channels on,
      TaskTimeout taskTimeout,
      Supplier<Optional<String>> becomePassword,
      OutputLimit limit) {
    this.host = host;
    this.channels = new Semaphore(on.maxChannels(), true);
    this.exec = new ExecChannel(host, on.client(), on.io(), on.probe(), limit);
    this.sessions =
        new ShellSessions(
            host,
            on.client(),
            on.io(),
            on.timer(),
            on.probe(),
            channels,
            on.shellSessions(),
            limit);
    this.sudo = new BecomePassword(becomePassword, exec, channels, taskTimeout);
  }

  String host() {
    return host;
  }

  /** The host's channel permits, shared with the SFTP channel. */
  Semaphore channels() {
    return channels;
  }

  /** Runs a command; a refusal of sudo or su throws {@link BecomeRefused}. */
  public CommandResult run(RemoteCommand command, Duration timeout) {
    byte[] input =
        command.stdin() == null ? new byte[0] : command.stdin().getBytes(StandardCharsets.UTF_8);
    ExecChannel.Raw raw =
        runShell(ShellCommand.of(command), input, command.become(), timeout, command.display());
    String stdout = new String(raw.stdout(), StandardCharsets.UTF_8);
    String stderr = new String(raw.stderr(), StandardCharsets.UTF_8);
    return new CommandResult(raw.exitCode(), stdout, stderr, raw.elapsed(), raw.timedOut());
  }

  /**
   * Runs a command rendered with {@link ShellQuote#renderMarked} (or without become) with raw stdin
   * bytes, killable at its timeout. With become the password is sent first on stdin; when sudo or
   * su refuses, {@link BecomeRefused} says what it said.
   */
  ExecChannel.Raw runShell(
      ShellCommand command, byte[] stdin, Become become, Duration timeout, String display) {
    RemoteProcess process = new RemoteProcess("pagetune-pid-" + RandomHex.of(8));
    byte[] input = sudo.before(become, stdin);
    Consumer<byte[]> killer = stderrSoFar -> kill(process.pid(stderrSoFar), become);
    ExecChannel.Raw raw =
        input.length == 0
            ? onSession(
                process.child(command.rendered(), command.shape()),
                command.relayed(),
                timeout,
                display,
                killer)
            : null;
    if (raw == null) {
      // input (the command's, or the sudo password) needs a channel whose stdin is the command's
      String wrapped = process.wrap(command.rendered(), command.shape());
      raw = exec.run(wrapped, input, timeout, channels, display, killer);
    }
    return checked(become, withoutMarker(process, raw));
  }

  /** The command's result without the become marker, or the refusal of sudo or su. */
  private ExecChannel.Raw checked(Become become, ExecChannel.Raw raw) {
    BecomeMarker.Outcome o = BecomeMarker.of(become, raw.exitCode(), raw.timedOut(), raw.stderr());
    if (o.refused()) {
      throw BecomeRefused.of(host, become, o.said(), sudo.hasPassword());
    }
    return new ExecChannel.Raw(
        raw.exitCode(), raw.stdout(), o.stderr(), raw.elapsed(), raw.timedOut());
  }

  /** Runs a command on a shell session of this host, or returns null when none is free. */
  private ExecChannel.Raw onSession(
      String line, boolean relayed, Duration timeout, String display, Consumer<byte[]> onTimeout) {
    Optional<ShellSession> session = sessions.borrow(timeout);
    if (session.isEmpty()) {
      return null;
    }
    try {
      sessionCommands.incrementAndGet();
      return session.get().run(line, relayed, timeout, display, onTimeout);
    } finally {
      sessions.giveBack(session.get());
    }
  }

  /**
   * Runs a script that a {@code /bin/sh} reads from its standard input on a shell session of this
   * host, with become through {@code sudo -n} (the script is sudo's stdin, so no password can go
   * there): null when no session is free, or when become would need the password (su always does).
   */
  ExecChannel.Raw runScriptOnSession(
      String script, Become become, Duration timeout, String display) {
    if (sudo.wouldSend(become) || BecomeShell.alwaysReadsPasswordLine(become)) {
      return null;
    }
    Optional<ShellSession> session = sessions.borrow(timeout);
    if (session.isEmpty()) {
      return null;
    }
    RemoteProcess process = new RemoteProcess("pagetune-pid-" + RandomHex.of(8));
    String shell = become.enabled() ? ShellQuote.join(sudo.scriptShell(become)) : "/bin/sh";
    String text = become.enabled() ? BecomeMarker.marked(script) : script;
    Consumer<byte[]> killer = stderrSoFar -> kill(process.pid(stderrSoFar), become);
    ExecChannel.Raw raw;
    try {
      sessionCommands.incrementAndGet();
      scriptsOnSession.incrementAndGet();
      String child = process.child(shell, RemoteProcess.Shape.SIMPLE_COMMAND);
      raw = session.get().runWithInput(child, text, timeout, display, killer);
    } finally {
      sessions.giveBack(session.get());
    }
    return checked(become, withoutMarker(process, raw));
  }

  private static ExecChannel.Raw withoutMarker(RemoteProcess process, ExecChannel.Raw raw) {
    byte[] err = process.stripMarker(raw.stderr()).getBytes(StandardCharsets.UTF_8);
    return new ExecChannel.Raw(raw.exitCode(), raw.stdout(), err, raw.elapsed(), raw.timedOut());
  }

  private void kill(OptionalLong pid, Become become) {
    if (pid.isEmpty()) {
      return; // the wrapper never started, so there is nothing to kill
    }
    String script = RemoteProcess.killScript(pid.getAsLong());
    RemoteCommand killer = RemoteCommand.script(script).withBecome(become);
    byte[] input = sudo.before(become, new byte[0]);
    exec.run(ShellQuote.render(killer), input, KILL_TIMEOUT, killChannel, "kill", err -> {});
  }

  /** Scripts (one-round-trip writes) run on a shell session so far. */
  public int scriptsOnSession() {
    return scriptsOnSession.get();
  }

  /** Commands and scripts run on shell sessions so far (each one round trip). */
  public int sessionCommands() {
    return sessionCommands.get();
  }

  /** Shell sessions opened so far. */
  public int shellSessionsOpened() {
    return sessions.opened();
  }

  /** Closes the shell sessions. */
  public void close() {
    sessions.close();
  }
}
