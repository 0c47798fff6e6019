package io.pagetune.connection.ssh.session;

import io.pagetune.connection.OutputLimit;
import io.pagetune.connection.TempNames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.sftp.FileAttributes;
import net.schmizz.sshj.sftp.OpenMode;
import net.schmizz.sshj.sftp.RemoteFile;
import net.schmizz.sshj.sftp.RemoteResourceInfo;
import net.schmizz.sshj.sftp.Response;
import net.schmizz.sshj.sftp.SFTPClient;
import net.schmizz.sshj.sftp.SFTPEngine;
import net.schmizz.sshj.sftp.SFTPException;

/**
 * File transfers over an SFTP channel: bounded reads, lstat, private uploads with confirmed writes,
 * and the atomic {@code posix-rename@openssh.com} of a temp file over its target.
 */
final class SftpTransfers {
  private static final String POSIX_RENAME = "posix-rename@openssh.com";

  private SftpTransfers() {}

  /** The file's bytes, empty when it is missing, at most {@code limit}'s bytes. */
  static Optional<byte[]> read(SFTPClient s, String path, OutputLimit limit, String host)
      throws IOException {
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

  static Optional<FileAttributes> lstat(SFTPClient s, String path) throws IOException {
    try {
      return Optional.of(s.lstat(path));
    } catch (SFTPException e) {
      if (e.getStatusCode() == Response.StatusCode.NO_SUCH_FILE) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** Uploads to {@code tmp}; true when it was also renamed into place (no owner to set). */
  static boolean put(
      SFTPClient s, byte[] content, String tmp, String path, int mode, String owner, String group)
      throws IOException {
    removeStale(s, path, tmp);
    upload(s, content, tmp);
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
    TempNames names = new TempNames(TempFileInstall.baseName(path));
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
  static void upload(SFTPClient s, byte[] content, String file) throws IOException {
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
}
