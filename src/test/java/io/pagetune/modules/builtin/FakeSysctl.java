package io.pagetune.modules.builtin;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fake {@code sysctl} program (test resource {@code modules/sysctl/fake-sysctl.sh}) installed as
 * {@code bin/sysctl} in a temp directory. Tasks reach it through the environment they pass (PATH
 * first), the way a playbook's {@code environment:} would.
 */
final class FakeSysctl {
  private final Path state;
  private final Map<String, String> environment = new LinkedHashMap<>();

  FakeSysctl(Path root) {
    try {
      Path bin = Files.createDirectories(root.resolve("bin"));
      state = Files.createDirectories(root.resolve("state"));
      Path script = bin.resolve("sysctl");
      try (InputStream in =
          FakeSysctl.class.getResourceAsStream("/modules/sysctl/fake-sysctl.sh")) {
        Files.copy(in, script);
      }
      Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
      environment.put("PATH", bin + ":" + System.getenv("PATH"));
      environment.put("FAKE_SYSCTL_STATE", state.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  FakeSysctl with(String variable, String value) {
    environment.put(variable, value);
    return this;
  }

  Map<String, String> environment() {
    return Map.copyOf(environment);
  }

  /** Sets a value as the kernel would hold it. */
  FakeSysctl kernel(String name, String value) {
    try {
      Files.writeString(state.resolve(name), value + "\n");
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String kernel(String name) {
    try {
      return Files.readString(state.resolve(name)).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The argument lists the fake was called with, in order. */
  List<String> calls() {
    try {
      Path log = state.resolve(".calls");
      return Files.exists(log) ? Files.readAllLines(log) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void clearCalls() {
    try {
      Files.deleteIfExists(state.resolve(".calls"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
