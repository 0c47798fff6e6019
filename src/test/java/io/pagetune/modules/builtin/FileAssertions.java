package io.pagetune.modules.builtin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Small readers of local file state for module tests. */
final class FileAssertions {
  private FileAssertions() {}

  static String mode(Path p) {
    return PosixFilePermissions.toString(attrs(p).permissions());
  }

  static String owner(Path p) {
    return attrs(p).owner().getName();
  }

  static String group(Path p) {
    return attrs(p).group().getName();
  }

  static Path write(Path p, String content, String perms) {
    try {
      Files.writeString(p, content);
      Set<PosixFilePermission> set = PosixFilePermissions.fromString(perms);
      Files.setPosixFilePermissions(p, set);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean isRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static PosixFileAttributes attrs(Path p) {
    try {
      return Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
