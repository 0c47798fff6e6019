package io.pagetune.connection.lab;

import io.pagetune.connection.ConnectionException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The tools a rehearsal host has: its stand-ins ({@code lab/bin}) and a fixed list of POSIX tools
 * of this machine, as links in one directory that is the host's whole PATH. Nothing else of this
 * machine's PATH is visible, so a lab host without a {@code pg_lsclusters} stand-in has none, as a
 * RHEL host has none; a host can also leave out stand-ins and base tools by name.
 */
final class LabTools {
  /** The base tools every lab host gets from this machine (README "The lab"). */
  static final List<String> BASE =
      List.of(
          "sh",
          "cat",
          "sed",
          "awk",
          "grep",
          "sort",
          "head",
          "tail",
          "cut",
          "tr",
          "wc",
          "ls",
          "find",
          "mkdir",
          "mv",
          "rm",
          "rmdir",
          "cp",
          "ln",
          "chmod",
          "chown",
          "chgrp",
          "touch",
          "date",
          "env",
          "printf",
          "echo",
          "test",
          "[",
          "expr",
          "true",
          "false",
          "basename",
          "dirname",
          "uniq",
          "xargs",
          "tee",
          "sleep",
          "kill",
          "od",
          "cmp",
          "diff",
          "comm",
          "paste",
          "join",
          "cksum",
          "dd",
          "pwd",
          "id",
          "uname",
          "getconf",
          "hostname",
          "mktemp",
          "readlink",
          "stat",
          "sha256sum",
          "base64",
          "timeout",
          "nohup",
          "stty",
          "whoami",
          "logname");

  private LabTools() {}

  /**
   * Makes {@code dir} hold exactly the host's tools: every file of {@code standIns} (they win over
   * a base tool of the same name) and the base tools found on {@code machinePath}, less {@code
   * missing}.
   */
  static Path prepare(Path dir, Path standIns, String machinePath, Collection<String> missing) {
    Map<String, Path> wanted = new LinkedHashMap<>();
    for (String tool : BASE) {
      find(tool, machinePath).ifPresent(p -> wanted.put(tool, p));
    }
    try (Stream<Path> files = Files.list(standIns)) {
      files.sorted().forEach(p -> wanted.put(p.getFileName().toString(), p.toAbsolutePath()));
    } catch (IOException e) {
      throw new ConnectionException("lab tools " + standIns + ": " + e.getMessage());
    }
    wanted.keySet().removeAll(Set.copyOf(missing));
    try {
      Files.createDirectories(dir);
      try (Stream<Path> old = Files.list(dir)) {
        for (Path p : old.toList()) {
          Path want = wanted.get(p.getFileName().toString());
          if (want == null || !Files.isSymbolicLink(p) || !Files.readSymbolicLink(p).equals(want)) {
            Files.deleteIfExists(p);
          }
        }
      }
      for (Map.Entry<String, Path> e : wanted.entrySet()) {
        Path link = dir.resolve(e.getKey());
        if (!Files.isSymbolicLink(link)) {
          try {
            Files.createSymbolicLink(link, e.getValue());
          } catch (FileAlreadyExistsException raced) {
            // another connection to the same host made the same link
          }
        }
      }
    } catch (IOException e) {
      throw new ConnectionException("lab tools " + dir + ": " + e.getMessage());
    }
    return dir;
  }

  private static Optional<Path> find(String tool, String machinePath) {
    for (String d : machinePath.split(":")) {
      if (d.isEmpty()) {
        continue;
      }
      Path p = Path.of(d, tool);
      if (Files.isExecutable(p) && !Files.isDirectory(p)) {
        return Optional.of(p.toAbsolutePath());
      }
    }
    return Optional.empty();
  }
}
