package io.pagetune.connection.lab;

import io.pagetune.connection.CommandResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where a rehearsal host's file system lives on this machine, for the shell text the lab runs: the
 * absolute paths of host state in a command ({@code /etc/…}, {@code /proc/meminfo}, {@code
 * /usr/sap/*}) are rewritten to the same paths under the lab root, and the root is taken out of
 * what the command prints, so scripts are written as for a real host.
 *
 * <p>Host-state prefixes are mapped whether or not the path exists under the root: a lab host that
 * lacks {@code /sys/kernel/mm/transparent_hugepage/enabled} has no THP, it must never see this
 * machine's. Tool paths ({@code /bin/sh}, {@code /usr/bin/…}, {@code /dev/null}, {@code /tmp}) are
 * left alone. Any other top-level directory the seed brought (e.g. {@code /u01}) is host state too.
 * A path token starts at the beginning of the text or after a space, quote, {@code =}, {@code (},
 * or a shell operator, so a path inside a pattern such as {@code s|.*&#47;x|} is not touched.
 */
final class LabPaths {
  /** Host state that lives under the root even where the seed has none of it. */
  static final List<String> HOST_PREFIXES =
      List.of(
          "/etc",
          "/proc",
          "/sys",
          "/boot",
          "/run",
          "/usr/sap",
          "/sapmnt",
          "/opt",
          "/var/opt",
          "/var/log",
          // a Debian PostgreSQL host's data directories, server binaries and sockets
          "/var/lib/postgresql",
          "/usr/lib/postgresql",
          "/var/run/postgresql",
          // a RHEL/PGDG PostgreSQL host's data directories (server binaries: /usr/pgsql-<version>)
          "/var/lib/pgsql",
          "/export",
          "/home",
          "/usr/lib/sysctl.d",
          "/lib/sysctl.d",
          // a host's own software and its sysctl.d (a web server under /usr/local/https-*)
          "/usr/local",
          "/usr/lib/tuned",
          // systemd units and manager drop-ins outside /etc and /run
          "/usr/lib/systemd",
          "/lib/systemd");

  /** Top-level directories of this machine's tools and scratch space: never host state. */
  private static final Set<String> TOOL_DIRS =
      Set.of("bin", "sbin", "usr", "lib", "lib32", "lib64", "libx32", "dev", "tmp", "var", "nix");

  // the chars a path token may hold; globs, variables and quotes end it (the rest maps as written)
  private static final Pattern TOKEN =
      Pattern.compile("(?<=^|[\\s'\"=(;|&<>`])/[A-Za-z0-9._+@%,/-]*", Pattern.MULTILINE);

  // stands for the root while sed maps a line; no text a tool prints holds it
  private static final char HIDE = '\u0001';

  private final String root;

  LabPaths(Path root) {
    this.root = root.toString();
    if (!this.root.matches("/[A-Za-z0-9._+@%,/-]*")) {
      // the root is pasted into quoted shell text: it must need no quoting of its own
      throw new IllegalArgumentException(
          "lab root " + root + " must be a plain absolute path (letters, digits, . _ + @ % , / -)");
    }
  }

  /** The shell text with the host's absolute paths moved under the root. */
  String map(String shell) {
    Matcher m = TOKEN.matcher(shell);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String token = m.group();
      m.appendReplacement(out, Matcher.quoteReplacement(isHostPath(token) ? root + token : token));
    }
    m.appendTail(out);
    return out.toString();
  }

  /** What a command printed, with the root taken out of the paths it names. */
  CommandResult unmap(CommandResult r) {
    return new CommandResult(
        r.exitCode(), unmap(r.stdout()), unmap(r.stderr()), r.elapsed(), r.timedOut());
  }

  String unmap(String text) {
    return text.replace(root + "/", "/");
  }

  /**
   * A sed (-E) script doing {@link #map} on text a tool prints, so a host path a script reads out
   * of a host file or a stand-in's output ({@code pf=} in sapservices, {@code -d} in ps, {@code
   * systemctl show}) is the path under the root when the script uses it. The root's top-level
   * directories are taken as they are now.
   */
  String sedScript() {
    List<String> prefixes = new ArrayList<>(HOST_PREFIXES);
    try (Stream<Path> tops = Files.list(Path.of(root))) {
      tops.filter(Files::isDirectory)
          .map(t -> "/" + t.getFileName())
          .filter(this::isHostPath)
          .sorted()
          .forEach(prefixes::add);
    } catch (IOException e) {
      throw new UncheckedIOException("lab root " + root + ": " + e.getMessage(), e);
    }
    String boundary = "(^|[[:space:]'\"=(;|&<>`])";
    String end = "(/|[^A-Za-z0-9._+@%,/-]|$)";
    String hosts = prefixes.stream().map(LabPaths::ere).collect(Collectors.joining("|"));
    String mark = "s#" + boundary + "(" + hosts + ")" + end + "#\\1" + HIDE + "\\2\\3#g\n";
    // a path already under the root is hidden first so it is never mapped twice; a mark consumes
    // the character after its path, which may start the next path: the mark runs twice
    return "s#"
        + ere(root)
        + end
        + "#"
        + HIDE
        + "\\1#g\n"
        + mark
        + mark
        + "s#"
        + boundary
        + "(/usr/pgsql-)#\\1"
        + HIDE
        + "\\2#g\n"
        + "s#"
        + HIDE
        + "#"
        + root
        + "#g\n";
  }

  private static String ere(String literal) {
    return literal.replaceAll("[.+]", "\\\\$0");
  }

  boolean isHostPath(String token) {
    if (token.startsWith(root + "/") || token.equals(root)) {
      return false; // already under the root (a path the lab printed and a script passed on)
    }
    for (String prefix : HOST_PREFIXES) {
      if (token.equals(prefix) || token.startsWith(prefix + "/")) {
        return true;
      }
    }
    if (token.startsWith("/usr/pgsql-")) {
      return true; // PGDG's /usr/pgsql-<version>
    }
    int end = token.indexOf('/', 1);
    String top = end < 0 ? token.substring(1) : token.substring(1, end);
    return !top.isEmpty()
        && !top.startsWith(".")
        && !TOOL_DIRS.contains(top)
        && Files.isDirectory(Path.of(root, top));
  }
}
