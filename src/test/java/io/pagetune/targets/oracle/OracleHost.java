package io.pagetune.targets.oracle;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.modules.ModuleHarness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * An Oracle Linux host for module fixture tests: a lab host whose root is a copy of {@code
 * modules/oracle_hugepages/base} (passwd/group, meminfo, cmdline, grub, BLS entry, THP, limits)
 * plus the case's own files; facts come from the root through the lab stand-ins ({@code id}, {@code
 * su}, {@code grubby}, {@code uname}), only {@code ipcs -m} is given.
 */
final class OracleHost {
  static final Path BASE = Path.of("src/test/resources/modules/oracle_hugepages/base");
  final Path root;

  OracleHost(Path tmp) {
    this.root = tmp.resolve("host");
    copy(BASE, root);
    // every Linux host has these, but git keeps no empty directory in the fixture
    try {
      Files.createDirectories(root.resolve("etc/sysctl.d"));
      Files.createDirectories(root.resolve("etc/security/limits.d"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes a file of the host (path absolute on the host). */
  OracleHost file(String path, String text) {
    try {
      Path p = root.resolve(path.substring(1));
      Files.createDirectories(p.getParent());
      Files.writeString(p, text);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  OracleHost link(String path, String target) {
    try {
      Path p = root.resolve(path.substring(1));
      Files.createDirectories(p.getParent());
      Files.createSymbolicLink(p, Path.of(target));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String read(String path) {
    try {
      return Files.readString(root.resolve(path.substring(1)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  boolean exists(String path) {
    return Files.exists(root.resolve(path.substring(1)));
  }

  Connection connection() {
    return LabConnection.factory()
        .open(
            new ConnectionSpec(
                "ora-test",
                "lab",
                "ora-test",
                null,
                null,
                null,
                Map.of("pagetune_lab_root", root.toString(), "pagetune_lab_bin", "lab/bin")));
  }

  ModuleHarness harness(Path watched) {
    return new ModuleHarness(new OracleHugepagesModule(), watched, connection())
        .facts(Map.of(OracleFacts.IPCS.name(), IpcsShm.parse("")));
  }

  private static void copy(Path from, Path to) {
    try (var paths = Files.walk(from)) {
      for (Path p : paths.sorted().toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
