package io.pagetune.connection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs on the machine pagetune runs on ({@code ansible_connection: local}). Commands go through
 * {@code /bin/sh -c}; file writes are atomic renames within the target directory. With become,
 * commands and file operations run as the become user through {@code sudo -S} (password on stdin,
 * see {@link LocalSudo} and {@link LocalBecomeFiles}).
 */
public final class LocalConnection implements Connection {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");
  private final String host;
  private final TempFileWatch tempFiles;
  private final LocalSudo sudo;
  private final LocalBecomeFiles becomeFiles;
  private final OutputLimit limit;
  private final Map<String, Boolean> sudoWithoutPassword = new ConcurrentHashMap<>();

  /**
   * Pumps for the streams of this connection's processes. Not the common pool: every pump blocks
   * until its process ends, and many hosts at once would starve a small shared pool.
   */
  private final ExecutorService io =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "pagetune-local-io");
            t.setDaemon(true);
            return t;
          });

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
    this.sudo = sudo;
    this.becomeFiles = new LocalBecomeFiles(this);
    this.tempFiles = tempFiles;
    this.limit = limit;
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

  /** The most bytes one command's stream or one file read may bring on this host. */
  OutputLimit outputLimit() {
    return limit;
  }

  @Override
  public CommandResult run(RemoteCommand command, Duration timeout) {
    byte[] stdin =
        command.stdin() == null ? new byte[0] : command.stdin().getBytes(StandardCharsets.UTF_8);
    Become become = command.become();
    Raw r =
        become.enabled()
            ? asUser(
                become.user(), ShellQuote.render(command.withBecome(Become.NONE)), stdin, timeout)
            : exec(List.of("/bin/sh", "-c", ShellQuote.render(command)), stdin, timeout);
    r.requireWithin(limit, host, "'" + RemoteCommand.oneLine(command.display()) + "'");
    String out = new String(r.stdout(), StandardCharsets.UTF_8);
    String err = new String(r.stderr(), StandardCharsets.UTF_8);
    if (become.enabled() && SudoFailure.isWrongPassword(r.exitCode(), err)) {
      return new CommandResult(
          1, out, SudoFailure.message(become.user(), host), r.elapsed(), false);
    }
    return new CommandResult(r.exitCode(), out, err, r.elapsed(), r.timedOut());
  }

  /**
   * What a process left behind; {@code exitCode} is -1 when it was killed at its timeout. {@code
   * overflow} names the stream that went past the output limit (the process was then killed), or is
   * null.
   */
  record Raw(
      int exitCode,
      byte[] stdout,
      byte[] stderr,
      Duration elapsed,
      boolean timedOut,
      String overflow) {

    /** Fails the host when a stream went past {@code limit}; {@code what} names the command. */
    void requireWithin(OutputLimit limit, String host, String what) {
      if (overflow != null) {
        throw limit.exceeded(host, "the " + overflow + " of " + what);
      }
    }
  }

  /**
   * Runs {@code shell} as {@code user} through sudo. The password, when sudo asks for one, goes
   * first on stdin; when sudo does not ask (NOPASSWD, or already root) it is not sent, or it would
   * become the command's input.
   */
  Raw asUser(String user, String shell, byte[] stdin, Duration timeout) {
    Optional<String> password = sudo.password().get();
    boolean send = password.isPresent() && !sudoNeedsNoPassword(user);
    byte[] input = stdin;
    if (send) {
      byte[] pw = (password.get() + "\n").getBytes(StandardCharsets.UTF_8);
      input = new byte[pw.length + stdin.length];
      System.arraycopy(pw, 0, input, 0, pw.length);
      System.arraycopy(stdin, 0, input, pw.length, stdin.length);
    }
    return exec(sudo.argv(user, shell, send), input, timeout);
  }

  /** Asked once per become user: does sudo run without a password? */
  private boolean sudoNeedsNoPassword(String user) {
    return sudoWithoutPassword.computeIfAbsent(
        user, u -> exec(sudo.probe(u), new byte[0], Duration.ofSeconds(30)).exitCode() == 0);
  }

  /** Runs argv (no shell in between) with raw stdin bytes, killed at its timeout. */
  Raw exec(List<String> argv, byte[] stdin, Duration timeout) {
    long start = System.nanoTime();
    Process p;
    try {
      p = ChildProcesses.builder(argv).start();
    } catch (IOException e) {
      if (argv.get(0).equals("/bin/sh")) {
        throw new ConnectionException(host + ": cannot start /bin/sh: " + e.getMessage(), e);
      }
      // a missing sudo fails the task as a shell would, with 127 and why
      String why = "pagetune: cannot start " + argv.get(0) + ": " + e.getMessage() + "\n";
      return new Raw(
          127,
          new byte[0],
          why.getBytes(StandardCharsets.UTF_8),
          Duration.ofNanos(System.nanoTime() - start),
          false,
          null);
    }
    // past the limit a stream's pump kills the process: the wait below then ends at once
    Process started = p;
    Runnable stop = () -> kill(started);
    CompletableFuture<byte[]> out = drain(p.getInputStream(), io, limit.maxBytes(), stop);
    CompletableFuture<byte[]> err = drain(p.getErrorStream(), io, limit.maxBytes(), stop);
    CompletableFuture<Void> in =
        CompletableFuture.runAsync(
            () -> {
              try (OutputStream os = p.getOutputStream()) {
                os.write(stdin);
              } catch (IOException ignored) {
                // the command did not read all of its stdin; its exit status tells the rest
              }
            },
            io);
    boolean finished;
    try {
      finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(p);
      throw new ConnectionException(host + ": interrupted while running a command", e);
    }
    if (!finished) {
      kill(p);
    }
    in.cancel(true);
    int rc = finished ? p.exitValue() : -1;
    byte[] outBytes = bytes(out);
    byte[] errBytes = bytes(err);
    String overflow = outBytes == null ? "output" : errBytes == null ? "error output" : null;
    return new Raw(
        rc,
        outBytes == null ? new byte[0] : outBytes,
        errBytes == null ? new byte[0] : errBytes,
        Duration.ofNanos(System.nanoTime() - start),
        !finished && overflow == null,
        overflow);
  }

  private static void kill(Process p) {
    // TERM first: sudo passes it on to a command it runs as another user, which this process
    // may not signal itself; the tree is taken first, as a parent that dies orphans its children
    List<ProcessHandle> tree = p.descendants().toList();
    p.destroy();
    tree.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (System.nanoTime() < deadline
        && (p.isAlive() || tree.stream().anyMatch(ProcessHandle::isAlive))) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    try {
      p.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The stream's bytes, or null when it went past {@code max} (then {@code stop} has run). */
  private static CompletableFuture<byte[]> drain(
      InputStream s, Executor io, long max, Runnable stop) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (s) {
            Optional<byte[]> all = OutputLimit.readAtMost(s, max);
            if (all.isEmpty()) {
              stop.run();
              return null;
            }
            return all.get();
          } catch (IOException e) {
            return new byte[0];
          }
        },
        io);
  }

  private static byte[] bytes(CompletableFuture<byte[]> f) {
    try {
      // an overflowing pump is still killing the process: wait for that too
      return f.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      return new byte[0];
    }
  }

  @Override
  public Optional<byte[]> read(String path, Become become) {
    if (become.enabled()) {
      return becomeFiles.read(path, become.user());
    }
    try (InputStream in = Files.newInputStream(Path.of(path))) {
      // a device (/dev/zero) or a file that grows while read: stop, never fill the heap
      return Optional.of(
          limit.readAll(in).orElseThrow(() -> limit.exceeded(host, "the read of " + path)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Optional<FileMeta> stat(String path, Become become) {
    if (become.enabled()) {
      return becomeFiles.stat(path, become.user());
    }
    Path p = Path.of(path);
    try {
      PosixFileAttributes a =
          Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      FileMeta.Type type =
          a.isSymbolicLink()
              ? FileMeta.Type.SYMLINK
              : a.isDirectory()
                  ? FileMeta.Type.DIRECTORY
                  : a.isRegularFile() ? FileMeta.Type.FILE : FileMeta.Type.OTHER;
      return Optional.of(
          new FileMeta(
              path,
              type,
              PosixModes.toMode(a.permissions()),
              a.owner().getName(),
              a.group().getName(),
              a.size()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot stat " + path + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void put(byte[] content, String path, PutOptions options) {
    if (options.become().enabled()) {
      becomeFiles.put(content, path, options); // written by the become user, through sudo
      return;
    }
    Path target = Path.of(path).toAbsolutePath();
    Path dir = target.getParent();
    Optional<FileMeta> existing = stat(target.toString(), options.become());
    TempNames names = new TempNames(target.getFileName().toString());
    removeStale(dir, names);
    Path tmp = dir.resolve(names.next(HexFormat.of().toHexDigits(RANDOM.nextInt())));
    try {
      // created owner-only in the same system call: no moment where another user can open it
      Files.createFile(tmp, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      tempFiles.created(tmp);
      try (OutputStream os = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
        os.write(content);
      }
      tempFiles.filled(tmp);
      // fsync so the rename never exposes an empty file after a crash
      try (var ch = java.nio.channels.FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      int mode =
          options.mode() != null ? options.mode() : existing.map(FileMeta::mode).orElse(0644);
      PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
      view.setPermissions(PosixModes.toPermissions(mode));
      String owner =
          options.owner() != null ? options.owner() : existing.map(FileMeta::owner).orElse(null);
      String group =
          options.group() != null ? options.group() : existing.map(FileMeta::group).orElse(null);
      UserPrincipalLookupService lookup = tmp.getFileSystem().getUserPrincipalLookupService();
      PosixFileAttributes now = view.readAttributes();
      if (owner != null && !owner.equals(now.owner().getName())) {
        UserPrincipal u = lookup.lookupPrincipalByName(owner);
        view.setOwner(u);
      }
      if (group != null && !group.equals(now.group().getName())) {
        GroupPrincipal g = lookup.lookupPrincipalByGroupName(group);
        view.setGroup(g);
      }
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        throw new UncheckedIOException("cannot rename atomically into " + path, e);
      }
    } catch (IOException e) {
      try {
        Files.deleteIfExists(tmp);
      } catch (IOException ignored) {
        // best effort: the temp file is hidden and named after its target
      }
      throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
    }
  }

  /** Temp files a killed write left next to this target: the next write removes them. */
  private static void removeStale(Path dir, TempNames names) {
    try (var entries =
        Files.newDirectoryStream(dir, p -> names.isTemp(p.getFileName().toString()))) {
      for (Path stale : entries) {
        Files.deleteIfExists(stale);
      }
    } catch (NoSuchFileException e) {
      // no directory: the write itself reports it
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot clean temp files in " + dir + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    // nothing to release: idle pump threads end by themselves (daemon, cached pool)
  }

  /** Converts between permission bits and NIO permission sets. */
  static final class PosixModes {
    private static final PosixFilePermission[] ORDER = {
      PosixFilePermission.OTHERS_EXECUTE,
      PosixFilePermission.OTHERS_WRITE,
      PosixFilePermission.OTHERS_READ,
      PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.GROUP_WRITE,
      PosixFilePermission.GROUP_READ,
      PosixFilePermission.OWNER_EXECUTE,
      PosixFilePermission.OWNER_WRITE,
      PosixFilePermission.OWNER_READ
    };

    private PosixModes() {}

    static int toMode(Set<PosixFilePermission> perms) {
      int mode = 0;
      for (int i = 0; i < ORDER.length; i++) {
        if (perms.contains(ORDER[i])) {
          mode |= 1 << i;
        }
      }
      return mode;
    }

    static Set<PosixFilePermission> toPermissions(int mode) {
      Set<PosixFilePermission> set = java.util.EnumSet.noneOf(PosixFilePermission.class);
      for (int i = 0; i < ORDER.length; i++) {
        if ((mode & (1 << i)) != 0) {
          set.add(ORDER[i]);
        }
      }
      return set;
    }
  }
}
