package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.modules.builtin.IncludeVarsFiles;
import io.pagetune.template.TemplateEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the loader does for an {@code include_vars} task: records where the task was written, so its
 * files are found as ansible-core finds them ({@link IncludeVarsFiles}), and reads the files a
 * literal name gives now, each in its language and checked as a vars file is, so a missing file or
 * a bad template is refused at load. A templated name is found and checked when the task runs.
 */
final class IncludeVarsLoad {
  private final Path playDir;
  private final Function<Path, String> label;
  private final Consumer<Path> readChecked;

  /**
   * @param readChecked reads a vars file as the loader reads one (language decided and recorded,
   *     templates checked)
   */
  IncludeVarsLoad(Path playDir, Function<Path, String> label, Consumer<Path> readChecked) {
    this.playDir = playDir;
    this.label = label;
    this.readChecked = readChecked;
  }

  Task checked(Task task, Path taskDir) {
    Map<String, Object> args = new LinkedHashMap<>(task.args());
    if (args.containsKey(IncludeVarsFiles.ARG)) {
      throw new InputException(
          task.moduleLocation(),
          "include_vars: '" + IncludeVarsFiles.ARG + "' is pagetune's own argument");
    }
    RoleScope role = task.role();
    IncludeVarsFiles from =
        new IncludeVarsFiles(role == null ? null : role.dir(), taskDir, playDir);
    if (args.get("file") instanceof String name && !templated(name)) {
      String file = name.stripTrailing();
      Path found =
          from.find(file)
              .orElseThrow(
                  () ->
                      new InputException(
                          task.moduleLocation(),
                          "include_vars: '"
                              + file
                              + "' not found (looked for "
                              + String.join(
                                  ", ", from.candidates(file).stream().map(label).toList())
                              + ")"));
      readChecked.accept(found);
    } else if (args.get("dir") instanceof String dir && literal(args)) {
      checkDir(task, from.dirRoot(dir), args);
    }
    args.put(IncludeVarsFiles.ARG, from.asArg());
    return task.withArgs(args);
  }

  private void checkDir(Task task, Path root, Map<String, Object> args) {
    if (!Files.isDirectory(root)) {
      throw new InputException(
          task.moduleLocation(), "include_vars: directory " + label.apply(root) + " not found");
    }
    int depth = args.get("depth") instanceof Long l ? Math.toIntExact(l) : 0;
    Object matching = args.get("files_matching");
    List<String> ignored;
    try {
      ignored = IncludeVarsFiles.ignoreList(args.get("ignore_files"));
    } catch (IllegalArgumentException e) {
      throw new InputException(
          task.moduleLocation(), "include_vars: ignore_files " + e.getMessage());
    }
    for (Path file :
        IncludeVarsFiles.inDir(
            root, depth, matching == null ? null : String.valueOf(matching), ignored)) {
      if (!IncludeVarsFiles.validExtension(file)) {
        throw new InputException(
            task.moduleLocation(),
            "include_vars: "
                + label.apply(file)
                + " does not have a valid extension: "
                + String.join(", ", IncludeVarsFiles.EXTENSIONS));
      }
      readChecked.accept(file);
    }
  }

  /** The directory arguments hold no template: the files can be known now. */
  private static boolean literal(Map<String, Object> args) {
    for (String key : List.of("dir", "depth", "files_matching", "ignore_files")) {
      if (templated(args.get(key))) {
        return false;
      }
    }
    return true;
  }

  private static boolean templated(Object v) {
    if (v instanceof String s) {
      return TemplateEngine.hasTemplate(s);
    }
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(IncludeVarsLoad::templated);
    }
    return false;
  }
}
