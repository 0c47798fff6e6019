package io.pagetune.modules.builtin;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ssh.SshConnectionFactory;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/**
 * An in-process SSH host whose PATH starts with the stand-ins of {@code
 * src/test/resources/modules/<name>/bin} (systemctl, useradd, … that keep their state in files
 * under {@link #root()} instead of changing the test machine). The stand-ins log their calls to
 * {@code log/calls}, outside the state tree that planning must leave alone.
 */
final class StandInHost implements AutoCloseable {
  private final Path root;
  private final Connection connection;

  private StandInHost(Path root, Connection connection) {
    this.root = root;
    this.connection = connection;
  }

  static StandInHost start(SshServerExtension ssh, Path root, String resources) {
    try {
      Path bin = Files.createDirectories(root.resolve("bin"));
      Path source =
          Path.of(StandInHost.class.getResource("/modules/" + resources + "/bin").toURI());
      try (Stream<Path> scripts = Files.list(source)) {
        for (Path s : scripts.toList()) {
          Path target = bin.resolve(s.getFileName());
          Files.copy(s, target);
          Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
      }
      Files.createDirectories(root.resolve("log"));
      TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
      Connection c = new SshConnectionFactory(ssh.settings()).open(ssh.spec("standin", host));
      return new StandInHost(root, c);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  Path root() {
    return root;
  }

  Connection connection() {
    return connection;
  }

  /** Creates (or empties) a state file under the root. */
  StandInHost touch(String relative) {
    write(relative, "");
    return this;
  }

  StandInHost write(String relative, String content) {
    try {
      Path p = root.resolve(relative);
      Files.createDirectories(p.getParent());
      Files.writeString(p, content);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  boolean exists(String relative) {
    return Files.exists(root.resolve(relative));
  }

  String read(String relative) {
    try {
      return Files.readString(root.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The stand-ins' calls, one line each, in order. */
  List<String> calls() {
    try {
      Path log = root.resolve("log/calls");
      return Files.exists(log) ? Files.readAllLines(log) : List.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void clearCalls() {
    try {
      Files.deleteIfExists(root.resolve("log/calls"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    connection.close();
  }
}
