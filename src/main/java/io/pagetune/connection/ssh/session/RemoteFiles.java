package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.ShellQuote;
import io.pagetune.connection.StatOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.sftp.FileAttributes;
import net.schmizz.sshj.sftp.FileMode;

/**
 * File reads, stats and atomic writes on one host. SFTP is used when the server offers it (and no
 * become is asked); otherwise the shell: {@code cat}, {@code stat -c} / {@code ls -ld}, and uploads
 * streamed on stdin. A write always lands in a hidden temp file next to the target ({@code
 * .<name>.pagetune-<random>}) and is renamed over it only after the whole content arrived, so a
 * dropped connection never leaves the target half-written.
 */
public final class RemoteFiles {

  private final String host;
  private final OutputLimit limit;
  private final FileScripts scripts;
  private final SftpChannel sftp;
  private final TempFileInstall install;
  private final SessionWrite sessionWrite;
  private final IdNames ids;

  public RemoteFiles(
      HostCommands commands,
      SSHClient client,
      ConnectionProbe probe,
      ExecutorService io,
      TaskTimeout taskTimeout,
      OutputLimit limit) {
    this.host = commands.host();
    this.limit = limit;
    this.scripts = new FileScripts(commands, taskTimeout);
    this.sftp = new SftpChannel(host, client, commands.channels(), probe, io, taskTimeout);
    this.install = new TempFileInstall(scripts);
    this.ids = new IdNames(scripts, sftp);
    this.sessionWrite = new SessionWrite(commands, taskTimeout);
  }

  /** Whether file operations use SFTP (known after the first one). */
  public boolean sftpAvailable() {
    return sftp.available();
  }

  // ---- read ---------------------------------------------------------------------------------

  public Optional<byte[]> read(String path, Become become) {
    if (!become.enabled()) {
      Optional<Optional<byte[]>> viaSftp =
          sftp.with(s -> SftpTransfers.read(s, path, limit, host), "read " + path);
      if (viaSftp.isPresent()) {
        return viaSftp.get();
      }
    }
    String script = StatOutput.readScript(ShellQuote.quote(path));
    ExecChannel.Raw r = scripts.run(script, new byte[0], become, "read " + path);
    String err = FileScripts.text(r.stderr());
    if (StatOutput.isMissing(r.exitCode(), err)) {
      return Optional.empty();
    }
    if (r.exitCode() != 0) {
      throw scripts.failure("read", path, r);
    }
    return Optional.of(r.stdout());
  }

  // ---- stat ---------------------------------------------------------------------------------

  public Optional<FileMeta> stat(String path, Become become) {
    if (!become.enabled()) {
      Optional<Optional<FileAttributes>> viaSftp =
          sftp.with(s -> SftpTransfers.lstat(s, path), "stat " + path);
      if (viaSftp.isPresent()) {
        return viaSftp.get().map(a -> toMeta(path, a));
      }
    }
    String script = StatOutput.script(ShellQuote.quote(path));
    ExecChannel.Raw r = scripts.run(script, new byte[0], become, "stat " + path);
    if (r.exitCode() != 0) {
      throw scripts.failure("stat", path, r);
    }
    return StatOutput.parse(path, FileScripts.text(r.stdout()));
  }

  private FileMeta toMeta(String path, FileAttributes a) {
    IdNames.OwnerAndGroup names = ids.ownerAndGroup(a.getUID(), a.getGID());
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
        names.owner(),
        names.group(),
        a.getSize());
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
    String tmp = TempFileInstall.tempNameFor(path);
    if (!become.enabled()) {
      Optional<Boolean> renamed =
          sftp.with(
              s -> SftpTransfers.put(s, content, tmp, path, mode, owner, group), "put " + path);
      if (renamed.isPresent()) {
        if (!renamed.get()) {
          // outside the SFTP channel's permit: finishing needs a channel of its own
          install.finish(null, tmp, path, content.length, mode, owner, group, Become.NONE);
        }
        return;
      }
    } else if (become.user().equals("root")) {
      // stage as the login user (SFTP when offered), so sudo's stdin carries only the password;
      // root copies it next to the target and renames it there
      String stage = TempFileInstall.stagingFor(path);
      uploadAsLoginUser(content, stage, path);
      install.finish(stage, tmp, path, content.length, mode, owner, group, become);
      return;
    }
    // another become user may not read the login user's private staging file: stream the
    // content through sudo straight into the temp file
    install.upload(content, tmp, path, become);
    install.finish(null, tmp, path, content.length, mode, owner, group, become);
  }

  private void uploadAsLoginUser(byte[] content, String file, String path) {
    Optional<Boolean> viaSftp =
        sftp.with(
            s -> {
              SftpTransfers.upload(s, content, file);
              return Boolean.TRUE;
            },
            "upload " + path);
    if (viaSftp.isEmpty()) {
      install.upload(content, file, path, Become.NONE);
    }
  }

  /** Closes the shared SFTP channel (the connection is closing). */
  public void close() {
    sftp.close();
  }
}
