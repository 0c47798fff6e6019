package io.pagetune.connection.ssh.session;

import io.pagetune.connection.AtomicInstall;
import io.pagetune.connection.Become;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.connection.StatOutput;
import io.pagetune.connection.SudoFailure;
import io.pagetune.connection.TempNames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.sftp.FileAttributes;
import net.schmizz.sshj.sftp.FileMode;
import net.schmizz.sshj.sftp.OpenMode;
import net.schmizz.sshj.sftp.RemoteFile;
import net.schmizz.sshj.sftp.RemoteResourceInfo;
import net.schmizz.sshj.sftp.Response;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.sftp.SFTPEngine;
import net.schmizz.sshj.sftp.SFTPException;

/**
 * File reads, stats and atomic writes on one host. SFTP is used when the server offers it (and no
 * become is asked); otherwise the shell: {@code cat}, {@code stat -c} / {@code ls -ld}, and uploads
 * streamed on stdin. A write always lands in a hidden temp file next to the target ({@code
 * .<name>.pagetune-<random>}) and is renamed over it only after the whole content arrived, so a
 * dropped connection never leaves the target half-written.
 */
public final class RemoteFiles {
  private static final int READ_MISSING = 44;
  private static final String POSIX_RENAME = "posix-rename@openssh.com";

  private final String host;
  private final HostCommands commands;
  private final SessionWrite sessionWrite;
  private final SSHClient client;
  private final Semaphore channels;
  private final TaskTimeout taskTimeout;
  private final OutputLimit limit;
  private volatile Boolean sftp;
  private SFTPClient shared;
  private final Map<String, String> names = new ConcurrentHashMap<>();

  private final ConnectionProbe probe;
  private final ExecutorService io;

  public RemoteFiles(
      HostCommands commands,
      SSHClient client,
      ConnectionProbe probe,
      ExecutorService io,
      TaskTimeout taskTimeout,
      OutputLimit limit) {
    this.host = commands.host();
    this.commands = commands;
    this.sessionWrite = new SessionWrite(commands, taskTimeout);
    this.client = client;
    this.channels = commands.channels();
    this.taskTimeout = taskTimeout;
    this.limit = limit;
    this.probe = probe;
    this.io = io;
  }

  public boolean sftpAvailable() {
    return Boolean.TRUE.equals(sftp);
  }

  // ---- read ---------------------------------------------------------------------------------

  public Optional<byte[]> read(String path, Become become) {
    if (!become.enabled()) {
      Optional<Optional<byte[]>> viaSftp = withSftp(s -> sftpRead(s, path), "read " + path);
      if (viaSftp.isPresent()) {
        return viaSftp.get();
      }
    }
    String q = ShellQuote.quote(path);
    String script =
        "if [ -e "
            + q
            + " ]; then exec cat -- "
            + q
            + "; else echo "
            + StatOutput.MISSING
            + " >&2; exit "
            + READ_MISSING
            + "; fi";
    ExecChannel.Raw r = shell(script, new byte[0], become, "read " + path);
    String err = text(r.stderr());
    if (r.exitCode() == READ_MISSING && err.contains(StatOutput.MISSING)) {
      return Optional.empty();
    }
    if (r.exitCode() != 0) {
      throw failure("read", path, r);
    }
    return Optional.of(r.stdout());
  }

  private Optional<byte[]> sftpRead(SFTPClient s, String path) throws IOException {
    try (RemoteFile f = s.open(path, EnumSet.of(OpenMode.READ))) {
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      byte[] chunk = new byte[32 * 1024];
      long offset = 0;
      int n;
      while ((n = f.read(offset, chunk, 0, chunk.length)) > 0) {
        if (offset + n > limit.maxBytes()) {
          // a device (/dev/zero) or a file that grows while read: stop, never fill the heap
          throw limit.exceeded(host, "the read of " + path);
        }
        buf.write(chunk, 0, n);
        offset += n;
      }
      return Optional.of(buf.toByteArray());
    } catch (SFTPException e) {
      if (e.getStatusCode() == Response.StatusCode.NO_SUCH_FILE) {
        return Optional.empty();
      }
      throw e;
    }
  }

  // ---- stat ---------------------------------------------------------------------------------

  public Optional<FileMeta> stat(String path, Become become) {
    if (!become.enabled()) {
      Optional<Optional<FileAttributes>> viaSftp =
          withSftp(s -> sftpLstat(s, path), "stat " + path);
      if (viaSftp.isPresent()) {
        return viaSftp.get().map(a -> toMeta(path, a));
      }
    }
    String script = StatOutput.script(ShellQuote.quote(path));
    ExecChannel.Raw r = shell(script, new byte[0], become, "stat " + path);
    if (r.exitCode() != 0) {
      throw failure("stat", path, r);
    }
    return StatOutput.parse(path, text(r.stdout()));
  }

  private static Optional<FileAttributes> sftpLstat(SFTPClient s, String path) throws IOException {
    try {
      return Optional.of(s.lstat(path));
    } catch (SFTPException e) {
      if (e.getStatusCode() == Response.StatusCode.NO_SUCH_FILE) {
        return Optional.empty();
      }
      throw e;
    }
  }

  private FileMeta toMeta(String path, FileAttributes a) {
    FileMode.Type t = a.getType();
    FileMeta.Type type =
        t == FileMode.Type.REGULAR
            ? FileMeta.Type.FILE
            : t == FileMode.Type.DIRECTORY
                ? FileMeta.Type.DIRECTORY
                : t == FileMode.Type.SYMLINK ? FileMeta.Type.SYMLINK : FileMeta.Type.OTHER;
    return new FileMeta(
        path,
        type,
        a.getMode().getPermissionsMask() & 07777,
        name("passwd", a.getUID()),
        name("group", a.getGID()),
        a.getSize());
  }

  /** SFTP v3 gives numeric ids: resolve them once per id on the host, numeric if unknown. */
  private String name(String database, int id) {
    String key = database + ":" + id;
    String cached = names.get(key);
    if (cached != null) {
      return cached;
    }
    String script = idLookupScript(database, id);
    ExecChannel.Raw r = shell(script, new byte[0], Become.NONE, "id lookup");
    String found = text(r.stdout()).strip();
    String name = found.isEmpty() ? Integer.toString(id) : found;
    names.put(key, name);
    return name;
  }

  /**
   * Prints the name of {@code id} in {@code database} (passwd or group), nothing if unknown.
   * Backquotes, not {@code $(...)}, so that Solaris 10's Bourne shell runs it.
   */
  static String idLookupScript(String database, int id) {
    return "n=`getent "
        + database
        + " "
        + id
        + " 2>/dev/null | cut -d: -f1`; [ -n \"$n\" ] || n=`awk -F: '$3 == "
        + id
        + " { print $1; exit }' /etc/"
        + database
        + " 2>/dev/null`; printf '%s' \"$n\"";
  }

  // ---- put ----------------------------------------------------------------------------------

  /**
   * Writes atomically: in one round trip on the host's shell session where that applies, else stat,
   * upload and install.
   */
  public void put(byte[] content, String path, PutOptions options) {
    if (!sessionWrite.put(content, path, options)) {
      putInSteps(content, path, options);
    }
  }

  private void putInSteps(byte[] content, String path, PutOptions options) {
    Become become = options.become();
    Optional<FileMeta> existing = stat(path, become);
    if (existing.isPresent() && existing.get().type() == FileMeta.Type.DIRECTORY) {
      throw new UncheckedIOException(
          new IOException(host + ": cannot write " + path + ": it is a directory"));
    }
    int mode =
        options.mode() != null ? options.mode() : existing.map(FileMeta::mode).orElse(0644) & 07777;
    String owner =
        options.owner() != null ? options.owner() : existing.map(FileMeta::owner).orElse(null);
    String group =
        options.group() != null ? options.group() : existing.map(FileMeta::group).orElse(null);
    String tmp = tempNameFor(path);
    if (!become.enabled()) {
      Optional<Boolean> renamed =
          withSftp(s -> sftpPut(s, content, tmp, path, mode, owner, group), "put " + path);
      if (renamed.isPresent()) {
        if (!renamed.get()) {
          // outside the SFTP channel's permit: finishing needs a channel of its own
          finish(null, tmp, path, content.length, mode, owner, group, Become.NONE);
        }
        return;
      }
    } else if (become.user().equals("root")) {
      // stage as the login user (SFTP when offered), so sudo's stdin carries only the password;
      // root copies it next to the target and renames it there
      String stage = "/tmp/." + baseName(path) + ".pagetune-" + RandomHex.of(6);
      uploadAsLoginUser(content, stage, path);
      finish(stage, tmp, path, content.length, mode, owner, group, become);
      return;
    }
    // another become user may not read the login user's private staging file: stream the
    // content through sudo straight into the temp file
    upload(content, tmp, path, become);
    finish(null, tmp, path, content.length, mode, owner, group, become);
  }

  private void uploadAsLoginUser(byte[] content, String file, String path) {
    Optional<Boolean> viaSftp =
        withSftp(
            s -> {
              sftpUpload(s, content, file);
              return Boolean.TRUE;
            },
            "upload " + path);
    if (viaSftp.isEmpty()) {
      upload(content, file, path, Become.NONE);
    }
  }

  private void upload(byte[] content, String file, String path, Become become) {
    // noclobber: never write through a file or link that is already there
    String upload = "umask 077; set -C; cat > " + ShellQuote.quote(file);
    ExecChannel.Raw r = shell(upload, content, become, "upload " + path);
    if (r.exitCode() != 0) {
      removeQuietly(file, become);
      throw failure("upload", path, r);
    }
  }

  private static String baseName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** Uploads to {@code tmp}; true when it was also renamed into place (no owner to set). */
  private boolean sftpPut(
      SFTPClient s, byte[] content, String tmp, String path, int mode, String owner, String group)
      throws IOException {
    removeStale(s, path, tmp);
    sftpUpload(s, content, tmp);
    SFTPEngine engine = s.getSFTPEngine();
    if (owner == null && group == null && engine.supportsServerExtension(POSIX_RENAME, "1")) {
      try {
        s.chmod(tmp, mode);
        posixRename(engine, tmp, path);
      } catch (SFTPException e) {
        s.rm(tmp);
        throw e;
      }
      return true;
    }
    return false;
  }

  /** Removes the temp files a killed write of {@code path} left (never {@code keep}). */
  private static void removeStale(SFTPClient s, String path, String keep) throws IOException {
    int slash = path.lastIndexOf('/');
    String dir = slash < 0 ? "." : slash == 0 ? "/" : path.substring(0, slash);
    TempNames names = new TempNames(baseName(path));
    List<RemoteResourceInfo> stale;
    try {
      stale =
          s.ls(
              dir,
              (net.schmizz.sshj.sftp.RemoteResourceFilter)
                  f -> names.isTemp(f.getName()) && !f.getPath().equals(keep) && f.isRegularFile());
    } catch (SFTPException e) {
      if (e.getStatusCode() == Response.StatusCode.NO_SUCH_FILE) {
        return; // the upload reports the missing directory
      }
      throw e;
    }
    for (RemoteResourceInfo f : stale) {
      s.rm(dir.equals("/") ? "/" + f.getName() : dir + "/" + f.getName());
    }
  }

  /** Writes a new private file with confirmed writes. */
  private static void sftpUpload(SFTPClient s, byte[] content, String file) throws IOException {
    FileAttributes privateMode = new FileAttributes.Builder().withPermissions(0600).build();
    try (RemoteFile f =
        s.open(file, EnumSet.of(OpenMode.WRITE, OpenMode.CREAT, OpenMode.EXCL), privateMode)) {
      // confirmed writes: a dropped transport fails the pending reply at once, whereas
      // pipelined writes can sit in sshj's window wait until its timeout
      int chunk = 32 * 1024;
      for (int off = 0; off < content.length; off += chunk) {
        f.write(off, content, off, Math.min(chunk, content.length - off));
      }
    }
  }

  private static void posixRename(SFTPEngine engine, String from, String to) throws IOException {
    var req = engine.newExtendedRequest(POSIX_RENAME);
    req.putString(from, StandardCharsets.UTF_8);
    req.putString(to, StandardCharsets.UTF_8);
    engine
        .request(req)
        .retrieve(engine.getTimeoutMs(), TimeUnit.MILLISECONDS)
        .ensureStatusPacketIsOK();
  }

  /**
   * Checks the temp file holds every byte, sets mode and owner, then renames it over the target
   * (same directory, so the rename is atomic). On any failure the temp file is removed.
   */
  private void finish(
      String source,
      String tmp,
      String path,
      int length,
      int mode,
      String owner,
      String group,
      Become become) {
    StringBuilder s = new StringBuilder();
    s.append("t=").append(ShellQuote.quote(tmp)).append('\n');
    // temp files a killed write of this target left behind go first
    String prefix = tmp.substring(0, tmp.lastIndexOf(".pagetune-") + ".pagetune-".length());
    s.append("for f in ").append(ShellQuote.quote(prefix)).append("*; do\n");
    // a hex suffix only; a case pattern, as Solaris 10's sh has no ${f##...}
    String p = ShellQuote.quote(prefix);
    s.append("  case \"$f\" in ").append(p).append('|').append(p);
    s.append("*[!0-9a-f]*) continue ;; esac\n");
    s.append("  [ \"$f\" = \"$t\" ] || [ ! -f \"$f\" ] || rm -f -- \"$f\"\n");
    s.append("done\n");
    if (source != null) {
      s.append(staleStagingRemoval(path));
    }
    // with a staging file: check and copy it next to the target first
    s.append("s=").append(source == null ? "" : ShellQuote.quote(source)).append('\n');
    s.append("if ").append(AtomicInstall.chain(length, source != null, mode, owner, group, path));
    s.append("; then ok=0; else ok=1; rm -f -- \"$t\"; fi\n");
    s.append("[ -z \"$s\" ] || rm -f -- \"$s\"\nexit $ok\n");
    ExecChannel.Raw r = shell(s.toString(), new byte[0], become, "install " + path);
    if (r.exitCode() != 0) {
      if (source != null) {
        removeQuietly(source, Become.NONE); // sudo may have refused before the script ran
      }
      throw failure("write", path, r);
    }
  }

  /**
   * Removes the staging files in /tmp that killed become-root writes of a target named like {@code
   * path} left: a day old, so that no write in progress (of another target with the same name) can
   * lose its own.
   */
  static String staleStagingRemoval(String path) {
    return "find /tmp/. ! -name . -prune -type f -name "
        + ShellQuote.quote(new TempNames(baseName(path)).prefix() + "*")
        + " -mtime +0 -exec rm -f {} + 2>/dev/null\n";
  }

  private void removeQuietly(String tmp, Become become) {
    try {
      shell("rm -f -- " + ShellQuote.quote(tmp), new byte[0], become, "rm temp");
    } catch (RuntimeException ignored) {
      // the temp file is hidden and named after its target; it may stay
    }
  }

  static String tempNameFor(String path) {
    int slash = path.lastIndexOf('/');
    String dir = slash < 0 ? "" : path.substring(0, slash + 1);
    String name = path.substring(slash + 1);
    return dir + "." + name + ".pagetune-" + RandomHex.of(6);
  }

  // ---- plumbing -----------------------------------------------------------------------------

  /** Runs a script of a file operation, within the task's timeout as its SFTP requests are. */
  private ExecChannel.Raw shell(String script, byte[] stdin, Become become, String display) {
    String rendered = ShellQuote.render(RemoteCommand.script(script).withBecome(become));
    return commands.runShell(rendered, stdin, become, taskTimeout.get(), display);
  }

  private UncheckedIOException failure(String what, String path, ExecChannel.Raw r) {
    String err = text(r.stderr()).strip();
    if (r.timedOut()) {
      err =
          "timed out: no result within the task timeout of " + taskTimeout.get().toSeconds() + " s";
    } else if (SudoFailure.isWrongPassword(r.exitCode(), err)) {
      err = "sudo refused the become password";
    }
    return cannot(host, what, path, r.exitCode(), err);
  }

  /** The one-line failure of a file operation: {@code host: cannot what path (exit n: why)}. */
  static UncheckedIOException cannot(
      String host, String what, String path, int exitCode, String why) {
    return new UncheckedIOException(
        new IOException(
            host
                + ": cannot "
                + what
                + " "
                + path
                + " (exit "
                + exitCode
                + (why.isEmpty() ? "" : ": " + why)
                + ")"));
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** An SFTP operation; runs under a channel permit on a fresh SFTP channel. */
  private interface SftpOp<T> {
    T apply(SFTPClient s) throws IOException;
  }

  /** The result of {@code op}, or empty when the server has no SFTP subsystem. */
  private <T> Optional<T> withSftp(SftpOp<T> op, String display) {
    if (Boolean.FALSE.equals(sftp)) {
      return Optional.empty();
    }
    if (!client.isConnected() || probe.gaveUp()) {
      throw new ConnectionException(host + ": connection is closed, cannot " + display);
    }
    // every wait on the host for this operation: the task's timeout
    Duration wait = taskTimeout.get();
    SFTPClient session;
    try {
      session = sharedSession(wait);
    } catch (IOException | IllegalStateException e) {
      if (ConnectionProbe.isTimeout(e)) {
        probe.requireAlive(wait, "while opening the SFTP channel for " + display, e);
      } else {
        requireConnected(display, e);
      }
      sftp = Boolean.FALSE; // no sftp subsystem, or one that does not start: the shell does it
      return Optional.empty();
    }
    sftp = Boolean.TRUE;
    // every request of the shared channel (reads, writes, renames) waits this long for its reply
    session.getSFTPEngine().setTimeoutMs(TaskTimeout.millis(wait));
    try {
      return Optional.ofNullable(op.apply(session));
    } catch (IOException e) {
      // a status reply leaves the channel usable; a broken or silent one is opened anew
      if (!(e instanceof SFTPException) || ConnectionProbe.isTimeout(e)) {
        discard(session);
      }
      if (ConnectionProbe.isTimeout(e)) {
        // sshj's message names only its own milliseconds: say what the task allowed
        probe.requireAlive(wait, "during " + display, e);
        throw new UncheckedIOException(
            new IOException(
                host
                    + ": "
                    + display
                    + " got no answer within the task timeout of "
                    + wait.toSeconds()
                    + " s",
                e));
      }
      requireConnected(display, e);
      throw new UncheckedIOException(
          new IOException(host + ": " + display + " failed: " + e.getMessage(), e));
    }
  }

  /**
   * One SFTP channel per connection, opened on first use and shared by every file operation
   * (requests are multiplexed by id), so a file task costs round trips, not channel set-ups. It
   * holds one of the host's channel permits for as long as it is open.
   */
  private synchronized SFTPClient sharedSession(Duration wait) throws IOException {
    if (shared == null) {
      try {
        channels.acquire();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ConnectionException(host + ": interrupted waiting for a channel", e);
      }
      try {
        shared = openSftp(wait);
      } catch (IOException | RuntimeException e) {
        channels.release();
        throw e;
      }
    }
    return shared;
  }

  /**
   * Opens an SFTP channel within {@code wait}: sshj waits for the server's first SFTP packet
   * without any limit, so a subsystem that never answers would hold the task for ever. A channel
   * that opens later is closed unused.
   */
  private SFTPClient openSftp(Duration wait) throws IOException {
    CompletableFuture<SFTPClient> opening =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return client.newSFTPClient();
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            },
            io);
    try {
      return opening.get(TaskTimeout.millis(wait), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      opening.thenAccept(RemoteFiles::closeQuietly);
      throw new IOException("no SFTP channel within " + wait.toSeconds() + " s", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ConnectionException(host + ": interrupted opening the SFTP channel", e);
    }
  }

  private static void closeQuietly(SFTPClient late) {
    try {
      late.close();
    } catch (IOException ignored) {
      // the channel is going away anyway
    }
  }

  private synchronized void discard(SFTPClient session) {
    if (shared == session && shared != null) {
      shared = null;
      channels.release();
      try {
        session.close();
      } catch (IOException ignored) {
        // the channel is already broken; the next operation opens a new one
      }
    }
  }

  /** Closes the shared SFTP channel (the connection is closing). */
  public synchronized void close() {
    if (shared != null) {
      discard(shared);
    }
  }

  /** A failed SFTP step is a lost connection unless the host still answers. */
  private void requireConnected(String display, Exception e) {
    probe.requireAlive("during " + display, e);
  }
}
