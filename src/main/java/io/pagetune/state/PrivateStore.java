package io.pagetune.state;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Keeps an SQLite store private to its owner before SQLite opens it: the store holds what runs
 * replaced on hosts (secrets among them), so its directory is 0700 and its files 0600.
 *
 * <ul>
 *   <li>a missing directory is created 0700, a missing database file 0600 (SQLite gives the {@code
 *       -wal} and {@code -shm} files it creates the database file's mode);
 *   <li>files of the store that others may read are tightened, with a warning; one its owner cannot
 *       write (a {@code -shm} left 0444) is named in the error;
 *   <li>a directory others may write is refused: they could swap the store's files. Its mode is
 *       changed only for pagetune's own directory ({@code ~/.pagetune}), never for one the user
 *       chose.
 * </ul>
 */
final class PrivateStore {
  static final Set<PosixFilePermission> OWNER_ONLY_FILE =
      PosixFilePermissions.fromString("rw-------");
  static final Set<PosixFilePermission> OWNER_ONLY_DIR =
      PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);
  private static final List<String> SUFFIXES = List.of("", "-wal", "-shm", "-journal");

  private PrivateStore() {}

  /**
   * Prepares the store file {@code db}.
   *
   * @param ownDirectory the directory pagetune made for its default store, whose mode it may fix
   */
  static void prepare(Path db, Path ownDirectory, Consumer<String> warn) {
    Path dir = db.getParent();
    if (dir == null) {
      return;
    }
    try {
      if (!posix(db)) {
        Files.createDirectories(dir);
        return;
      }
      if (!Files.exists(dir)) {
        Files.createDirectories(dir, attribute(OWNER_ONLY_DIR));
      } else {
        directory(dir, dir.equals(ownDirectory), warn);
      }
      for (String suffix : SUFFIXES) {
        file(Path.of(db + suffix), warn);
      }
      try {
        Files.createFile(db, attribute(OWNER_ONLY_FILE));
      } catch (FileAlreadyExistsException e) {
        // an existing store, checked above
      }
    } catch (IOException e) {
      throw new StateException(
          "cannot prepare state store " + db + ": " + e.getClass().getSimpleName(), e);
    }
  }

  private static void directory(Path dir, boolean own, Consumer<String> warn) throws IOException {
    PosixFileAttributes attrs = attributes(dir);
    Set<PosixFilePermission> mode = attrs.permissions();
    boolean othersWrite = othersMayWrite(mode);
    if (own && mine(dir, attrs) && !OWNER_ONLY_DIR.containsAll(mode)) {
      Files.setPosixFilePermissions(dir, OWNER_ONLY_DIR);
      warn.accept(tightened(dir, mode, OWNER_ONLY_DIR));
      return;
    }
    if (othersWrite) {
      throw new StateException(
          "state store directory "
              + dir
              + " can be written by other users (mode "
              + octal(mode)
              + "), who could replace the store's files: make it private (chmod 700 "
              + dir
              + ") or give --state a private directory");
    }
  }

  private static void file(Path file, Consumer<String> warn) throws IOException {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    PosixFileAttributes attrs = attributes(file);
    Set<PosixFilePermission> mode = attrs.permissions();
    if (!mine(file, attrs)) {
      return; // another user's file: SQLite says what it cannot do with it
    }
    if (!mode.contains(PosixFilePermission.OWNER_WRITE)
        || !mode.contains(PosixFilePermission.OWNER_READ)) {
      throw new StateException(
          "state store file "
              + file
              + " cannot be read and written by its owner (mode "
              + octal(mode)
              + "): chmod 600 "
              + file);
    }
    if (mode.stream().anyMatch(OTHERS::contains)) {
      Files.setPosixFilePermissions(file, OWNER_ONLY_FILE);
      warn.accept(tightened(file, mode, OWNER_ONLY_FILE));
    }
  }

  private static String tightened(
      Path p, Set<PosixFilePermission> from, Set<PosixFilePermission> to) {
    return "pagetune: warning: made "
        + p
        + " private to its owner ("
        + octal(from)
        + " -> "
        + octal(to)
        + "): the state store keeps what runs replaced on hosts";
  }

  /** Whether {@code mode} lets the group or others write. */
  static boolean othersMayWrite(Set<PosixFilePermission> mode) {
    return mode.contains(PosixFilePermission.GROUP_WRITE)
        || mode.contains(PosixFilePermission.OTHERS_WRITE);
  }

  static boolean mine(Path p, PosixFileAttributes attrs) throws IOException {
    try {
      return attrs
          .owner()
          .equals(
              p.getFileSystem()
                  .getUserPrincipalLookupService()
                  .lookupPrincipalByName(System.getProperty("user.name")));
    } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
      return false; // a user without a passwd entry: nothing is changed
    }
  }

  static PosixFileAttributes attributes(Path p) throws IOException {
    return Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .readAttributes();
  }

  private static boolean posix(Path p) {
    return p.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  static FileAttribute<Set<PosixFilePermission>> attribute(Set<PosixFilePermission> mode) {
    return PosixFilePermissions.asFileAttribute(mode);
  }

  /** "0644". */
  static String octal(Set<PosixFilePermission> mode) {
    int bits = 0;
    for (PosixFilePermission p : mode) {
      bits |= 1 << (8 - p.ordinal());
    }
    return String.format("0%03o", bits);
  }
}
