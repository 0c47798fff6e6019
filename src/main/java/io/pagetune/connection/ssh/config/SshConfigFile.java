package io.pagetune.connection.ssh.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The common subset of an OpenSSH client config: {@code Host} blocks with {@code *}/{@code ?}
 * patterns and {@code !} negation, and {@code HostName}, {@code Port}, {@code User}, {@code
 * IdentityFile}, {@code ProxyJump} (with {@code none}), and {@code Include} (relative paths from
 * the directory of the including file, that is ~/.ssh; globs allowed). As in OpenSSH the first
 * value found for a key wins, and every matching {@code IdentityFile} is kept in order. {@code
 * Match} blocks are skipped.
 */
public final class SshConfigFile {
  private final List<Block> blocks;

  private SshConfigFile(List<Block> blocks) {
    this.blocks = List.copyOf(blocks);
  }

  /** What the config says for one host; null fields are not set. */
  public record HostConfig(
      String hostName,
      Integer port,
      String user,
      List<String> identityFiles,
      List<JumpHost> proxyJump) {
    public HostConfig {
      identityFiles = List.copyOf(identityFiles);
      proxyJump = proxyJump == null ? null : List.copyOf(proxyJump);
    }
  }

  /** Includes nested deeper than this are a loop (OpenSSH's own limit). */
  private static final int MAX_INCLUDE_DEPTH = 16;

  private record Entry(String key, String value, String where) {}

  private record Block(List<String> patterns, boolean match, List<Entry> entries) {
    boolean appliesTo(String host) {
      if (match) {
        return false;
      }
      boolean positive = false;
      for (String p : patterns) {
        if (p.startsWith("!")) {
          if (glob(p.substring(1), host)) {
            return false;
          }
        } else if (glob(p, host)) {
          positive = true;
        }
      }
      return positive;
    }
  }

  public static SshConfigFile empty() {
    return new SshConfigFile(List.of());
  }

  /** Reads a config file; a missing file is an empty config. */
  public static SshConfigFile load(Path file) {
    if (file == null) {
      return empty();
    }
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read ssh config " + file + ": " + e.getMessage(), e);
    }
    Parser parser = new Parser(file.toAbsolutePath().getParent());
    parser.read(text, file.toString(), 0);
    return new SshConfigFile(parser.blocks);
  }

  /** Parses config text; an {@code Include} of a relative path is an error (no directory). */
  public static SshConfigFile parse(String text) {
    Parser parser = new Parser(null);
    parser.read(text, "ssh config", 0);
    return new SshConfigFile(parser.blocks);
  }

  /** Reads lines into blocks, inlining {@code Include}d files where they are named. */
  private static final class Parser {
    private final Path baseDir;
    private final List<Block> blocks = new ArrayList<>();
    private Block current;

    Parser(Path baseDir) {
      this.baseDir = baseDir;
      // lines before the first Host apply to every host
      current = new Block(List.of("*"), false, new ArrayList<>());
      blocks.add(current);
    }

    void read(String text, String source, int depth) {
      String[] lines = text.split("\r?\n", -1);
      for (int i = 0; i < lines.length; i++) {
        String line = lines[i].strip();
        if (line.isEmpty() || line.startsWith("#")) {
          continue;
        }
        String[] kv = splitKeyword(line);
        String key = kv[0].toLowerCase(Locale.ROOT);
        String value = kv[1];
        String where = source + " line " + (i + 1);
        if (key.equals("host")) {
          current = new Block(words(value), false, new ArrayList<>());
          blocks.add(current);
        } else if (key.equals("match")) {
          current = new Block(List.of(), true, new ArrayList<>());
          blocks.add(current);
        } else if (key.equals("include")) {
          for (String pattern : words(value)) {
            include(pattern, where, depth);
          }
        } else {
          current.entries().add(new Entry(key, unquote(value), where));
        }
      }
    }

    private void include(String pattern, String where, int depth) {
      if (depth >= MAX_INCLUDE_DEPTH) {
        throw new IllegalArgumentException(
            where + ": Include nested more than " + MAX_INCLUDE_DEPTH + " deep (a loop?)");
      }
      String expanded =
          pattern.equals("~") || pattern.startsWith("~/")
              ? System.getProperty("user.home") + pattern.substring(1)
              : pattern;
      Path p = Path.of(expanded);
      if (!p.isAbsolute()) {
        if (baseDir == null) {
          throw new IllegalArgumentException(
              where + ": Include " + pattern + " is relative but the config has no directory");
        }
        p = baseDir.resolve(p);
      }
      for (Path file : expandGlob(p.normalize(), where)) {
        String text;
        try {
          text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new UncheckedIOException(
              where + ": cannot read included " + file + ": " + e.getMessage(), e);
        }
        read(text, file.toString(), depth + 1);
      }
    }

    private static boolean hasWildcard(String s) {
      return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0;
    }

    /** The files a pattern names, sorted; a pattern matching nothing includes nothing (OpenSSH). */
    private static List<Path> expandGlob(Path pattern, String where) {
      String name = pattern.getFileName() == null ? "" : pattern.getFileName().toString();
      Path dir = pattern.getParent();
      if (dir != null && hasWildcard(dir.toString())) {
        throw new IllegalArgumentException(
            where + ": Include " + pattern + ": wildcards are supported in the file name only");
      }
      if (!hasWildcard(name)) {
        return Files.isRegularFile(pattern) ? List.of(pattern) : List.of();
      }
      if (dir == null || !Files.isDirectory(dir)) {
        return List.of();
      }
      java.nio.file.PathMatcher matcher = dir.getFileSystem().getPathMatcher("glob:" + name);
      try (java.util.stream.Stream<Path> files = Files.list(dir)) {
        return files
            .filter(f -> matcher.matches(f.getFileName()) && Files.isRegularFile(f))
            .sorted()
            .toList();
      } catch (IOException e) {
        throw new UncheckedIOException(where + ": cannot list " + dir + ": " + e.getMessage(), e);
      }
    }
  }

  /** The settings for {@code host} (the name given on the command line, before HostName). */
  public HostConfig resolve(String host) {
    String hostName = null;
    Integer port = null;
    String user = null;
    List<String> identities = new ArrayList<>();
    List<JumpHost> jumps = null;
    for (Block b : blocks) {
      if (!b.appliesTo(host)) {
        continue;
      }
      for (Entry e : b.entries()) {
        switch (e.key()) {
          case "hostname":
            hostName = hostName == null ? e.value().replace("%h", host) : hostName;
            break;
          case "port":
            if (port == null) {
              try {
                port = Integer.valueOf(e.value());
              } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(
                    e.where() + ": Port is not a number: " + e.value(), ex);
              }
            }
            break;
          case "user":
            user = user == null ? e.value() : user;
            break;
          case "identityfile":
            identities.add(e.value());
            break;
          case "proxyjump":
            if (jumps == null) {
              try {
                jumps = JumpHost.parseList(e.value().replace("%h", host));
              } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(e.where() + ": " + ex.getMessage(), ex);
              }
            }
            break;
          default:
            // other keywords are OpenSSH's business, not pagetune's
        }
      }
    }
    return new HostConfig(hostName, port, user, identities, jumps);
  }

  private static String[] splitKeyword(String line) {
    int i = 0;
    while (i < line.length() && !Character.isWhitespace(line.charAt(i)) && line.charAt(i) != '=') {
      i++;
    }
    String key = line.substring(0, i);
    String rest = line.substring(i).strip();
    if (rest.startsWith("=")) {
      rest = rest.substring(1).strip();
    }
    return new String[] {key, rest};
  }

  private static List<String> words(String value) {
    List<String> out = new ArrayList<>();
    for (String w : value.split("\\s+")) {
      if (!w.isEmpty()) {
        out.add(unquote(w));
      }
    }
    return out;
  }

  private static String unquote(String v) {
    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
      return v.substring(1, v.length() - 1);
    }
    return v;
  }

  /** OpenSSH patterns: {@code *} any run, {@code ?} one character, case-insensitive. */
  static boolean glob(String pattern, String text) {
    return globAt(pattern.toLowerCase(Locale.ROOT), 0, text.toLowerCase(Locale.ROOT), 0);
  }

  private static boolean globAt(String p, int pi, String t, int ti) {
    while (pi < p.length()) {
      char c = p.charAt(pi);
      if (c == '*') {
        for (int k = ti; k <= t.length(); k++) {
          if (globAt(p, pi + 1, t, k)) {
            return true;
          }
        }
        return false;
      }
      if (ti >= t.length() || (c != '?' && c != t.charAt(ti))) {
        return false;
      }
      pi++;
      ti++;
    }
    return ti == t.length();
  }
}
