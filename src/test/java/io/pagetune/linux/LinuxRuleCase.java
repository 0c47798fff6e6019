package io.pagetune.linux;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.lab.LabConnection;
import io.pagetune.linux.sysctl.FileEdit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One data case of {@code src/test/resources/linux/<rule>/<case>/}: its {@code host/} tree is
 * copied to a scratch root, where the real fact snippets run through a lab connection (the snippet,
 * the lab's path mapping and the parser are tested together on real files), and where planned edits
 * are written as apply writes them, so a second read shows what the next boot reads.
 */
public final class LinuxRuleCase {
  static final Path ROOT = Path.of("src/test/resources/linux");

  final Path dir;
  final Path host;

  public LinuxRuleCase(Path dir, Path scratch) {
    this.dir = dir;
    this.host = scratch.resolve("host");
    copy(dir.resolve("host"), host);
  }

  /** The case directories of one rule, sorted. */
  public static List<Path> cases(String rule) throws IOException {
    try (Stream<Path> s = Files.list(ROOT.resolve(rule))) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  public String run(String script) throws IOException, InterruptedException {
    Map<String, Object> vars =
        Map.of("ansible_connection", "lab", "pagetune_lab_root", host.toAbsolutePath().toString());
    try (Connection lab = LabConnection.factory().open(ConnectionSpec.fromVars("fixture", vars))) {
      return lab.run(RemoteCommand.script(script), Duration.ofSeconds(30)).stdout();
    }
  }

  public LinuxBootConfig boot() throws IOException, InterruptedException {
    return LinuxBootConfig.parse(run(LinuxBootConfig.script()));
  }

  /** Writes the edits as apply does (whole files), into the scratch host. */
  public void apply(List<FileEdit> edits) throws IOException {
    for (FileEdit e : edits) {
      Path p = host.resolve(e.path().substring(1));
      Files.createDirectories(p.getParent());
      Files.writeString(p, e.after(), StandardCharsets.UTF_8);
    }
  }

  /** Where a host path of the case lives in the scratch copy. */
  public Path hostPath(String path) {
    return host.resolve(path.substring(1));
  }

  /** A case file, when present. */
  public Optional<String> file(String name) throws IOException {
    Path p = dir.resolve(name);
    return Files.isRegularFile(p) ? Optional.of(Files.readString(p)) : Optional.empty();
  }

  /** The non-blank lines of a case file (none when absent). */
  public List<String> lines(String name) throws IOException {
    return file(name).map(t -> t.lines().filter(l -> !l.isBlank()).toList()).orElse(List.of());
  }

  private static void copy(Path from, Path to) {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path p : s.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isSymbolicLink(p)) {
          Files.createDirectories(target.getParent());
          Files.createSymbolicLink(target, Files.readSymbolicLink(p));
        } else if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
