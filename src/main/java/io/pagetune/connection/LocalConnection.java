package io.pagetune.connection;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs on the machine pagetune runs on ({@code ansible_connection: local}). Commands go through
 * {@code /bin/sh -c}; file writes are atomic renames within the target directory. With become,
 * commands and file operations run as the become user through sudo or su (password on stdin, see
 * {@link BecomeShell}, {@link LocalSudo} and {@link LocalBecomeFiles}).
 */
public final class LocalConnection implements Connection {
  private final String host;
  private final LocalProcesses processes;
  private final LocalFiles files;
  private final LocalBecomeFiles becomeFiles;
  private final OutputLimit limit;

  /** A local connection whose become has no password (sudo must not ask for one). */
  public LocalConnection(String host) {
    this(host, LocalSudo.of(Optional::empty));
  }

  LocalConnection(String host, TempFileWatch tempFiles) {
    this(host, LocalSudo.of(Optional::empty), tempFiles, OutputLimit.DEFAULT);
  }

  public LocalConnection(String host, LocalSudo sudo) {
    this(host, sudo, OutputLimit.DEFAULT);
  }

  /** A local connection whose command output and file reads stop at {@code limit}. */
  public LocalConnection(String host, LocalSudo sudo, OutputLimit limit) {
    this(host, sudo, TempFileWatch.NONE, limit);
  }

  private LocalConnection(String host, LocalSudo sudo, TempFileWatch tempFiles, OutputLimit limit) {
    this.host = host;
    this.limit = limit;
    this.processes = new LocalProcesses(host, sudo, limit);
    this.files = new LocalFiles(host, limit, tempFiles);
    this.becomeFiles = new LocalBecomeFiles(processes);
  }

  /** Sees each temp file of a write as it is created and once it is filled (tests look at it). */
  interface TempFileWatch {
    void created(Path tmp);

    void filled(Path tmp);

    TempFileWatch NONE =
        new TempFileWatch() {
          @Override
          public void created(Path tmp) {}

          @Override
          public void filled(Path tmp) {}
        };
  }

  /** The factory registered as {@code local}, without a become password. */
  public static ConnectionFactory factory() {
    return factory(Optional::empty);
  }

  /**
   * The factory registered as {@code local}: become goes through sudo ({@code ansible_become_exe}
   * if set) with the host's {@code ansible_become_password} (or {@code _pass}), else {@code
   * becomePassword}.
   */
  public static ConnectionFactory factory(Supplier<Optional<String>> becomePassword) {
    return new ConnectionFactory() {
      @Override
      public String type() {
        return "local";
      }

      @Override
      public Connection open(ConnectionSpec spec) {
        Object own = spec.vars().get("ansible_become_password");
        if (own == null) {
          own = spec.vars().get("ansible_become_pass");
        }
        String value = own == null ? null : own.toString();
        Supplier<Optional<String>> password =
            value == null ? becomePassword : () -> Optional.of(value);
        Object exe = spec.vars().get("ansible_become_exe");
        String program = exe == null || exe.toString().isBlank() ? "sudo" : exe.toString();
        OutputLimit limit;
        try {
          limit = OutputLimit.of(spec.vars());
        } catch (IllegalArgumentException e) {
          throw new ConnectionException(spec.inventoryName() + ": " + e.getMessage());
        }
        return new LocalConnection(spec.inventoryName(), new LocalSudo(program, password), limit);
      }
    };
  }

  @Override
  public String host() {
    return host;
  }

  @Override
  public CommandResult run(RemoteCommand command, Duration timeout) {
    byte[] stdin =
        command.stdin() == null ? new byte[0] : command.stdin().getBytes(StandardCharsets.UTF_8);
    Become become = command.become();
    LocalProcesses.Raw r =
        become.enabled()
            ? processes.asUser(
                become, ShellQuote.render(command.withBecome(Become.NONE)), stdin, timeout)
            : processes.exec(List.of("/bin/sh", "-c", ShellQuote.render(command)), stdin, timeout);
    r.requireWithin(limit, host, "'" + RemoteCommand.oneLine(command.display()) + "'");
    String out = new String(r.stdout(), StandardCharsets.UTF_8);
    String err = new String(r.stderr(), StandardCharsets.UTF_8);
    return new CommandResult(r.exitCode(), out, err, r.elapsed(), r.timedOut());
  }

  @Override
  public Optional<byte[]> read(String path, Become become) {
    if (become.enabled()) {
      return becomeFiles.read(path, become);
    }
    return files.read(path);
  }

  @Override
  public Optional<FileMeta> stat(String path, Become become) {
    if (become.enabled()) {
      return becomeFiles.stat(path, become);
    }
    return files.stat(path);
  }

  @Override
  public void put(byte[] content, String path, PutOptions options) {
    if (options.become().enabled()) {
      becomeFiles.put(content, path, options); // written by the become user, through sudo or su
      return;
    }
    files.put(content, path, options);
  }

  @Override
  public void close() {
    // nothing to release: idle pump threads end by themselves (daemon, cached pool)
  }
}
