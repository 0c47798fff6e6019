package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/** A digest of every path, type, mode and content under a directory. */
public final class TreeHash {
  private TreeHash() {}

  /** The digests of several roots, in order, as one string. */
  public static String ofAll(List<Path> roots) {
    StringBuilder all = new StringBuilder();
    for (Path root : roots) {
      all.append(of(root)).append(' ');
    }
    return all.toString();
  }

  public static String of(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      List<Path> paths = walk.sorted().toList();
      for (Path p : paths) {
        PosixFileAttributes a =
            Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        md.update(root.relativize(p).toString().getBytes());
        md.update(PosixFilePermissions.toString(a.permissions()).getBytes());
        md.update((a.isDirectory() ? "d" : a.isRegularFile() ? "f" : "o").getBytes());
        if (a.isRegularFile()) {
          md.update(Files.readAllBytes(p));
        }
      }
      return paths.size() + ":" + HexFormat.of().formatHex(md.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
