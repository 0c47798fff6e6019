package io.pagetune.playbook;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The task files an {@code include_tasks} whose name is a template ({@code "{{ ansible_os_family
 * }}.yml"}) may name. ansible-core renders the name per host when the run reaches it; pagetune
 * reads every file the name can match when the playbook loads (each {@code {{ }}} matching any text
 * without a {@code /}), so their errors still come before any host is contacted, and picks the one
 * the rendered name resolves to at run time.
 *
 * @param written the name as written
 * @param baseDir the directory a relative name is resolved in
 * @param files each matching file (absolute, normalized) and its tasks, in name order
 * @param unreadable each matching file that is no task file (a playbook beside the task files) and
 *     why: an error only on a host whose name renders to it, as in ansible-core
 */
public record IncludeFileChoice(
    String written, Path baseDir, Map<Path, List<TaskNode>> files, Map<Path, String> unreadable) {
  private static final Pattern EXPRESSION = Pattern.compile("\\{\\{.*?\\}\\}");
  private static final Pattern KNOWN_DIR =
      Pattern.compile("^\\{\\{\\s*(role_path|playbook_dir)\\s*\\}\\}");

  public IncludeFileChoice {
    files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
    unreadable = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unreadable));
  }

  /** Where a templated name is written: its text and the directories it may start from. */
  record Where(String written, Path baseDir, Path roleDir, Path playDir) {}

  /**
   * Reads every file the name can match (none is an error at {@code at}), each with {@code tasksOf}
   * while it stands on the include stack, so an include cycle is still caught; an error in one is
   * an error at load, as in a file included by its literal name. A playbook beside the task files
   * ({@code playbook} says so) is no candidate: a host whose name renders to it fails.
   */
  static IncludeFileChoice read(
      Where where,
      java.util.Deque<Path> importStack,
      java.util.function.Function<Path, List<TaskNode>> tasksOf,
      java.util.function.Predicate<Path> playbook,
      io.pagetune.error.SourceLocation at,
      java.util.function.Function<Path, String> label) {
    List<Path> including = importStack.stream().map(IncludeFileChoice::absolute).toList();
    List<Path> files =
        candidates(where.written(), where.baseDir(), where.roleDir(), where.playDir(), including);
    if (files.isEmpty()) {
      throw new io.pagetune.error.InputException(
          at,
          "include_tasks: no file below "
              + label.apply(where.baseDir())
              + " matches '"
              + where.written()
              + "' (each {{ }} stands for a part of a name without '/')");
    }
    Map<Path, List<TaskNode>> byFile = new LinkedHashMap<>();
    Map<Path, String> unreadable = new LinkedHashMap<>();
    for (Path file : files) {
      if (playbook.test(file)) {
        unreadable.put(file, label.apply(file) + " is a playbook, not a task file");
        continue;
      }
      importStack.push(file);
      try {
        byFile.put(file, tasksOf.apply(file));
      } finally {
        importStack.pop();
      }
    }
    if (byFile.isEmpty()) {
      throw new io.pagetune.error.InputException(
          at,
          "include_tasks: no task file matches '"
              + where.written()
              + "': "
              + String.join("; ", unreadable.values()));
    }
    return new IncludeFileChoice(where.written(), where.baseDir(), byFile, unreadable);
  }

  /** Whether {@code name} is a template that names its file only at run time. */
  static boolean isTemplate(String name) {
    return name.contains("{{");
  }

  /**
   * The files {@code written} may name below {@code baseDir}, none of {@code excluded} (the files
   * that include it: Ansible would include them again, pagetune refuses at run time). A leading
   * {@code {{ role_path }}} or {@code {{ playbook_dir }}} is the directory it is known to be.
   */
  static List<Path> candidates(
      String written, Path baseDir, Path roleDir, Path playDir, Collection<Path> excluded) {
    String name = known(written, roleDir, playDir);
    Matcher expr = EXPRESSION.matcher(name);
    int first = expr.find() ? expr.start() : name.length();
    int slash = name.lastIndexOf('/', first);
    Path root = absolute(baseDir.resolve(slash < 0 ? "." : name.substring(0, slash + 1)));
    String rest = slash < 0 ? name : name.substring(slash + 1);
    Pattern shape = shape(rest);
    int depth = (int) rest.chars().filter(c -> c == '/').count() + 1;
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root, depth)) {
      walk.filter(Files::isRegularFile)
          .filter(p -> shape.matcher(root.relativize(p).toString().replace('\\', '/')).matches())
          .map(IncludeFileChoice::absolute)
          .filter(p -> !excluded.contains(p))
          .sorted()
          .forEach(out::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Where {@code rendered} points, as ansible-core resolves a relative include. */
  public Path resolve(String rendered) {
    return absolute(baseDir.resolve(rendered));
  }

  private static String known(String written, Path roleDir, Path playDir) {
    Matcher m = KNOWN_DIR.matcher(written);
    if (!m.find()) {
      return written;
    }
    Path dir = m.group(1).equals("role_path") ? roleDir : playDir;
    return dir == null ? written : absolute(dir) + written.substring(m.end());
  }

  /** The name's literal text as is, each expression as any text without a slash. */
  private static Pattern shape(String name) {
    StringBuilder regex = new StringBuilder();
    Matcher m = EXPRESSION.matcher(name);
    int at = 0;
    while (m.find()) {
      regex.append(Pattern.quote(name.substring(at, m.start()))).append("[^/]*");
      at = m.end();
    }
    regex.append(Pattern.quote(name.substring(at)));
    return Pattern.compile(regex.toString());
  }

  private static Path absolute(Path p) {
    return p.toAbsolutePath().normalize();
  }
}
