package io.pagetune.connection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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
import java.util.HexFormat;
import java.util.Optional;
import java.util.Set;

/**
 * The file operations of a {@link LocalConnection} as the user pagetune runs as: bounded reads,
 * lstat, and writes into an owner-only temp file next to the target, fsynced, given mode and owner,
 * then renamed over the target atomically; temp files a killed write left are removed first.
 */
final class LocalFiles {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private final String host;
  private final OutputLimit limit;
  private final LocalConnection.TempFileWatch tempFiles;

  LocalFiles(String host, OutputLimit limit, LocalConnection.TempFileWatch tempFiles) {
    this.host = host;
    this.limit = limit;
    this.tempFiles = tempFiles;
  }

  Optional<byte[]> read(String path) {
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

  Optional<FileMeta> stat(String path) {
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

  void put(byte[] content, String path, PutOptions options) {
    Path target = Path.of(path).toAbsolutePath();
    Path dir = target.getParent();
    Optional<FileMeta> existing = stat(target.toString());
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
