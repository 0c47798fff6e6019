package io.pagetune.targets.postgres;

import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.HostFiles;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads a cluster's settings the way its postmaster does at start (PostgreSQL docs §20.1.4,
 * §20.1.5): {@code postgresql.conf} top to bottom, each {@code include}, {@code include_if_exists}
 * and {@code include_dir} processed where it stands (a relative path against the including file's
 * directory; a directory's {@code .conf} files by name in C order, hidden ones skipped), then
 * {@code postgresql.auto.conf}, then the options of the server's command line, which win over both
 * files. A missing {@code include} or {@code include_dir}, nesting deeper than the server's 10
 * levels (as a cycle does) or a syntax error is an error naming the file and line: the server would
 * not start.
 *
 * <p>{@code planned} gives the text a file will have after this run's writes, so the reader can
 * tell what the next start reads after them.
 */
final class PgSettingsReader {
  /** PostgreSQL's CONF_FILE_MAX_DEPTH. */
  static final int MAX_DEPTH = 10;

  private final HostState host;
  private final Map<String, String> planned;
  private final List<PgSetting> assignments = new ArrayList<>();
  private final List<String> files = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final Deque<String> including = new ArrayDeque<>();

  private PgSettingsReader(HostState host, Map<String, String> planned) {
    this.host = host;
    this.planned = Map.copyOf(planned);
  }

  /**
   * The settings of the next start: {@code confFile} (absent: only a note, as where the cluster's
   * configuration is kept elsewhere), {@code autoConf}, then {@code commandLine}.
   */
  static PgSettings read(
      HostState host,
      String confFile,
      String autoConf,
      List<PgSetting> commandLine,
      Map<String, String> planned) {
    PgSettingsReader r = new PgSettingsReader(host, planned);
    try {
      if (r.exists(confFile)) {
        r.file(confFile, "");
      } else {
        r.notes.add(
            confFile + " does not exist: only postgresql.auto.conf and the command line read");
      }
      if (r.exists(autoConf)) {
        r.file(autoConf, "");
      }
    } catch (Refused e) {
      return new PgSettings(r.assignments, r.files, r.notes, Optional.of(e.getMessage()));
    }
    r.assignments.addAll(commandLine);
    return new PgSettings(r.assignments, r.files, r.notes, Optional.empty());
  }

  private boolean exists(String path) {
    return planned.containsKey(path) || host.stat(path).isPresent();
  }

  private void file(String path, String from) {
    if (including.contains(path)) {
      throw new Refused(
          from
              + ": includes "
              + path
              + ", which is already being read (a cycle): PostgreSQL stops at "
              + MAX_DEPTH
              + " nested levels, so the server would not start");
    }
    if (including.size() > MAX_DEPTH) {
      throw new Refused(
          from
              + ": including "
              + path
              + " nests deeper than PostgreSQL's "
              + MAX_DEPTH
              + " levels: the server would not start");
    }
    String text = text(path, from);
    files.add(path);
    including.push(path);
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String at = path + ":" + (i + 1);
      PgConfLine.Parsed p = PgConfLine.parse(lines[i]);
      if (p.malformed()) {
        throw new Refused(at + ": syntax error: the server would not start");
      }
      if (p.assignment().isEmpty()) {
        continue;
      }
      PgConfLine a = p.assignment().get();
      switch (a.name()) {
        case "include" -> file(resolve(path, a.value()), at);
        case "include_if_exists" -> {
          String target = resolve(path, a.value());
          if (exists(target)) {
            file(target, at);
          } else {
            notes.add(at + ": include_if_exists " + target + " skipped: it does not exist");
          }
        }
        case "include_dir" -> dir(resolve(path, a.value()), at);
        default -> assignments.add(new PgSetting(a.name(), a.value(), at));
      }
    }
    including.pop();
  }

  private String text(String path, String from) {
    if (planned.containsKey(path)) {
      return planned.get(path);
    }
    if (host.stat(path).isEmpty()) {
      throw new Refused(from + ": include " + path + " does not exist: the server would not start");
    }
    HostFiles.Text t = HostFiles.read(host, path);
    if (t.problem().isPresent()) {
      throw new Refused((from.isEmpty() ? "" : from + ": ") + t.problem().get());
    }
    return t.text().get();
  }

  private void dir(String dir, String from) {
    Optional<List<String>> listed = host.fact(PgConfDir.fact(dir));
    TreeSet<String> names = new TreeSet<>(listed.orElse(List.of()));
    for (String p : planned.keySet()) {
      int slash = p.lastIndexOf('/');
      String name = p.substring(slash + 1);
      if (p.substring(0, Math.max(slash, 0)).equals(dir)
          && !PgConfDir.parse(name).get().isEmpty()) {
        names.add(name);
      }
    }
    if (listed.isEmpty() && names.isEmpty()) {
      throw new Refused(
          from + ": include_dir " + dir + " is not a directory: the server would not start");
    }
    // TreeSet orders by UTF-16 code unit, which is C order for the names conf files have
    for (String name : names) {
      file(dir + "/" + name, from);
    }
  }

  /** A relative path is taken against the directory of the file that names it. */
  static String resolve(String includingFile, String target) {
    if (target.startsWith("/")) {
      return Path.of(target).normalize().toString();
    }
    Path parent = Path.of(includingFile).getParent();
    return (parent == null ? Path.of(target) : parent.resolve(target)).normalize().toString();
  }

  /** Why the server would refuse its configuration. */
  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message, null, false, false);
    }
  }
}
