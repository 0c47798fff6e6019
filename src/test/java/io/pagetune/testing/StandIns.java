package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

/** Installs stand-in scripts from the test resources into a bin directory. */
public final class StandIns {
  private static final Path SOURCE = Path.of("src/test/resources/schedule/drivers");

  private StandIns() {}

  public static Path install(Path dir, String... names) {
    try {
      Path bin = Files.createDirectories(dir.resolve("bin"));
      for (String name : names) {
        Path target = bin.resolve(name);
        Files.copy(SOURCE.resolve(name), target);
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
      }
      return bin;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** PATH with the stand-ins first, and the directory the stand-ins keep their state in. */
  public static Map<String, String> env(Path bin, Path stateDir) {
    return Map.of("PATH", bin + ":" + System.getenv("PATH"), "STANDIN_DIR", stateDir.toString());
  }

  public static List<String> lines(Path file) {
    try {
      return Files.exists(file) ? Files.readAllLines(file) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void write(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
