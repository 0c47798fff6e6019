package io.pagetune.connection.lab;

import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.ShellQuote;
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
   * The base tools that print what they read (files, pipes): wrapped like the stand-ins, so a host
   * path in what they print into a pipe is the path under the root ({@link LabPaths#sedScript}).
   */
  static final Set<String> PRINTING =
      Set.of(
          "cat",
          "grep",
          "sed",
          "awk",
          "head",
          "tail",
          "cut",
          "sort",
          "uniq",
          "tr",
          "dirname",
          "readlink",
          "find",
          "ls",
          "paste",
          "join",
          "comm");

  private static final Set<String> RUN_COMMANDS = Set.of("su", "sudo");

  /**
   * Makes {@code dir} hold exactly the host's tools: every file of {@code standIns} (they win over
   * a base tool of the same name) and the base tools found on {@code machinePath}, less {@code
   * missing}. Stand-ins and {@link #PRINTING} tools are small scripts that run the tool with what
   * it prints into a pipe passed through {@code sedScript}; the others are links.
   */
  static Path prepare(
      Path dir, Path standIns, String machinePath, Collection<String> missing, String sedScript) {
    Path real = dir.resolveSibling(dir.getFileName() + ".real");
    Path map = dir.resolveSibling(dir.getFileName() + ".sed");
    Path plain = dir.resolveSibling(dir.getFileName() + ".plain");
    Map<String, Path> plainLinks = new LinkedHashMap<>();
    Path sed =
        find("sed", machinePath)
            .orElseThrow(() -> new ConnectionException("lab tools: no sed on " + machinePath));
    Map<String, Path> links = new LinkedHashMap<>();
    Map<String, Path> realLinks = new LinkedHashMap<>();
    Map<String, String> scripts = new LinkedHashMap<>();
    for (String tool : BASE) {
      Optional<Path> found = find(tool, machinePath);
      found.ifPresent(p -> plainLinks.put(tool, p));
      if (found.isPresent() && PRINTING.contains(tool)) {
        // run by name from a directory of its own, so its messages name it as the real host's do
        realLinks.put(tool, found.get());
        scripts.put(
            tool,
            wrapper(
                tool,
                "PATH=" + ShellQuote.quote(real.toString()) + ":\"$PATH\"; export PATH\n",
                sed,
                map));
      } else {
        found.ifPresent(p -> links.put(tool, p));
      }
    }
    try (Stream<Path> files = Files.list(standIns)) {
      for (Path p : files.sorted().toList()) {
        String name = p.getFileName().toString();
        links.remove(name);
        scripts.remove(name);
        plainLinks.put(name, p.toAbsolutePath());
        if (name.endsWith(".sh")) {
          links.put(name, p.toAbsolutePath()); // a library the stand-ins source, no command
        } else {
          // a stand-in works on the root's real paths with plain tools, its own output is mapped;
          // su and sudo run the caller's commands, which keep the host's tools
          String setup =
              RUN_COMMANDS.contains(name)
                  ? ""
                  : "PATH=" + ShellQuote.quote(plain.toString()) + "; export PATH\n";
          scripts.put(
              name, wrapper(ShellQuote.quote(p.toAbsolutePath().toString()), setup, sed, map));
        }
      }
    } catch (IOException e) {
      throw new ConnectionException("lab tools " + standIns + ": " + e.getMessage());
    }
    links.keySet().removeAll(Set.copyOf(missing));
    plainLinks.keySet().removeAll(Set.copyOf(missing));
    scripts.keySet().removeAll(Set.copyOf(missing));
    try {
      sync(real, realLinks, Map.of());
      sync(plain, plainLinks, Map.of());
      writeIfChanged(map, sedScript);
      sync(dir, links, scripts);
    } catch (IOException e) {
      throw new ConnectionException("lab tools " + dir + ": " + e.getMessage());
    }
    return dir;
  }

  /** Makes {@code dir} hold exactly these links and executable scripts. */
  private static void sync(Path dir, Map<String, Path> links, Map<String, String> scripts)
      throws IOException {
    Files.createDirectories(dir);
    try (Stream<Path> old = Files.list(dir)) {
      for (Path p : old.toList()) {
        String name = p.getFileName().toString();
        boolean link = Files.isSymbolicLink(p);
        boolean keep =
            link
                ? links.containsKey(name) && Files.readSymbolicLink(p).equals(links.get(name))
                : scripts.containsKey(name) || name.startsWith(".tool");
        if (!keep) {
          Files.deleteIfExists(p);
        }
      }
    }
    for (Map.Entry<String, String> e : scripts.entrySet()) {
      writeIfChanged(dir.resolve(e.getKey()), e.getValue());
    }
    for (Map.Entry<String, Path> e : links.entrySet()) {
      Path link = dir.resolve(e.getKey());
      if (!Files.isSymbolicLink(link)) {
        try {
          Files.createSymbolicLink(link, e.getValue());
        } catch (FileAlreadyExistsException raced) {
          // another connection to the same host made the same link
        }
      }
    }
  }

  /**
   * Runs {@code command} (after {@code setup}); into a pipe (a command substitution, the next
   * command, the lab's caller) its output goes through the map and its exit status is kept. Into a
   * file or a terminal it prints unchanged.
   */
  static String wrapper(String command, String setup, Path sed, Path map) {
    return "#!/bin/sh\n"
        + "# lab: host paths this tool prints into a pipe are the paths under the lab root\n"
        + setup
        + "if [ -p /dev/stdout ]; then\n"
        + "  exec 4>&1\n"
        + "  s=$( { { "
        + command
        + " \"$@\" 3>&- 4>&-; echo $? >&3; } | "
        + ShellQuote.quote(sed.toString())
        + " -E -f "
        + ShellQuote.quote(map.toString())
        + " >&4; } 3>&1 )\n"
        + "  exit \"$s\"\n"
        + "fi\n"
        + "exec "
        + command
        + " \"$@\"\n";
  }

  // several connections to one host prepare the same directory: replaced whole, never half
  private static void writeIfChanged(Path file, String content) throws IOException {
    if (Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)
        && Files.readString(file).equals(content)) {
      return;
    }
    Path tmp = Files.createTempFile(file.getParent(), ".tool", ".tmp");
    Files.writeString(tmp, content);
    tmp.toFile().setExecutable(true, false);
    Files.move(
        tmp,
        file,
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
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
