package io.pagetune.modules.builtin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where {@code include_vars} finds its files on the control node, as ansible-core 2.14's action
 * does. A {@code file} is looked for in the task's role directory, then the directory of the task's
 * own file, then the play's directory, each first under {@code vars/} (unless the name starts with
 * {@code vars/}) and then itself. A {@code dir} is under the role's {@code vars/} for a role's task
 * (or the role's own directory when it starts with {@code vars/} and exists there), else under the
 * directory of the task's file; its files are read directory by directory in the order of their
 * paths, each directory's files in name order, {@code depth} counting the directories read (0:
 * all).
 *
 * @param roleDir the task's role directory, or null
 * @param taskDir the directory of the file the task is written in
 * @param playDir the directory of the playbook of the play
 */
public record IncludeVarsFiles(Path roleDir, Path taskDir, Path playDir) {
  /** The internal argument the loader records the three directories under. */
  public static final String ARG = "_from";

  /** The extensions a file read from a directory must have. */
  public static final List<String> EXTENSIONS = List.of("yaml", "yml", "json");

  /** The directories as the internal argument holds them. */
  public Map<String, Object> asArg() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (roleDir != null) {
      out.put("role", roleDir.toString());
    }
    out.put("task", taskDir.toString());
    out.put("play", playDir.toString());
    return out;
  }

  /** The directories from the internal argument. */
  public static IncludeVarsFiles ofArg(Map<?, ?> arg) {
    Object role = arg.get("role");
    return new IncludeVarsFiles(
        role == null ? null : Path.of(String.valueOf(role)),
        Path.of(String.valueOf(arg.get("task"))),
        Path.of(String.valueOf(arg.get("play"))));
  }

  /** Where a {@code file} is looked for, in order; an absolute name is itself only. */
  public List<Path> candidates(String name) {
    Path given = Path.of(name);
    if (given.isAbsolute()) {
      return List.of(given.normalize());
    }
    Set<Path> out = new LinkedHashSet<>();
    List<Path> dirs = new ArrayList<>();
    if (roleDir != null) {
      dirs.add(roleDir);
    }
    dirs.add(taskDir);
    dirs.add(playDir);
    boolean underVars = name.split("/", 2)[0].equals("vars");
    for (Path dir : dirs) {
      if (!underVars) {
        out.add(dir.resolve("vars").resolve(name).normalize());
      }
      out.add(dir.resolve(name).normalize());
    }
    return List.copyOf(out);
  }

  /** The first candidate that is a file. */
  public Optional<Path> find(String name) {
    return candidates(name).stream().filter(Files::isRegularFile).findFirst();
  }

  /** The directory a {@code dir} names. */
  public Path dirRoot(String dir) {
    Path given = Path.of(dir);
    if (given.isAbsolute()) {
      return given.normalize();
    }
    if (roleDir != null) {
      if (dir.split("/", 2)[0].equals("vars")) {
        Path inRole = roleDir.resolve(dir).normalize();
        return Files.exists(inRole) ? inRole : given;
      }
      return roleDir.resolve("vars").resolve(dir).normalize();
    }
    return taskDir.resolve(dir).normalize();
  }

  /**
   * The files of a directory that {@code include_vars: dir:} reads, in the order it reads them.
   *
   * @param depth how many directories to read, in path order (0: all)
   * @param matching only file names this Python regular expression finds something in, or null
   * @param ignore file names any of these Python regular expressions match the end of are left out
   */
  public static List<Path> inDir(Path root, int depth, String matching, List<String> ignore) {
    Pattern match = matching == null ? null : PythonRegex.compile(matching, 0);
    List<Pattern> ignored = new ArrayList<>();
    for (String i : ignore) {
      ignored.add(PythonRegex.compile(i + "$", 0));
    }
    List<Path> dirs;
    // links to directories are not followed, as Python's os.walk does not follow them
    try (Stream<Path> walk = Files.walk(root)) {
      dirs = walk.filter(Files::isDirectory).map(Path::normalize).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // ansible-core sorts the walk by each directory's path, as text
    List<Path> sorted = new ArrayList<>(dirs);
    sorted.sort((a, b) -> a.toString().compareTo(b.toString()));
    List<Path> out = new ArrayList<>();
    int read = 0;
    for (Path dir : sorted) {
      if (depth != 0 && ++read > depth) {
        break;
      }
      List<String> names;
      try (Stream<Path> list = Files.list(dir)) {
        names =
            list.filter(p -> !Files.isDirectory(p))
                .map(p -> p.getFileName().toString())
                .sorted()
                .toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      for (String name : names) {
        if (match != null && !match.matcher(name).find()) {
          continue;
        }
        if (ignored.stream().anyMatch(p -> p.matcher(name).find())) {
          continue;
        }
        out.add(dir.resolve(name));
      }
    }
    return out;
  }

  /** {@code ignore_files}: a list, or names separated by white space; a mapping is refused. */
  public static List<String> ignoreList(Object raw) {
    if (raw == null) {
      return List.of();
    }
    if (raw instanceof List<?> l) {
      return l.stream().map(String::valueOf).toList();
    }
    if (raw instanceof Map) {
      throw new IllegalArgumentException("must be a list");
    }
    String text = String.valueOf(raw).strip();
    return text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
  }

  /** Whether a file read from a directory has one of {@link #EXTENSIONS}. */
  public static boolean validExtension(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 && EXTENSIONS.contains(name.substring(dot + 1));
  }
}
