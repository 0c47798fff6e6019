package io.pagetune.pages;

import io.pagetune.connection.CommandResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads test fixtures from the classpath, byte for byte. */
public final class Fixtures {
  private Fixtures() {}

  public static String read(String path) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("missing fixture " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static CommandResult ok(String path) {
    return CommandResult.of(0, read(path), "");
  }
}
