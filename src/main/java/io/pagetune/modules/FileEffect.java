package io.pagetune.modules;

import java.util.List;
import java.util.Optional;

/**
 * What a planned step does to one path on the host, when that is known from the step itself: a file
 * written or removed, a directory created, a mode, owner or group set, a tree removed. Steps whose
 * effect is not a file's (a command, a restart) have none: check mode cannot predict them.
 *
 * <p>The builtin modules plan directory creation and attribute changes as these exact commands
 * ({@code mkdir -p -- path}, {@code chmod [-R] 0644 -- path}, ...); this is the one place that
 * reads them back.
 *
 * @param value the mode (octal), {@code owner[:group]} or group a step sets; null otherwise
 * @param put the write, for {@link Kind#WRITE}
 */
public record FileEffect(Kind kind, String path, String value, Step.Put put) {

  /** The kinds of change a step can make to a path. */
  public enum Kind {
    WRITE,
    REMOVE,
    MAKE_DIRECTORY,
    SET_MODE,
    SET_OWNER,
    SET_GROUP
  }

  /** The path a step changes and how, if the step's effect is a file's. */
  public static Optional<FileEffect> of(Step step) {
    if (step instanceof Step.Put put) {
      return Optional.of(new FileEffect(Kind.WRITE, put.path(), null, put));
    }
    if (step instanceof Step.Remove remove) {
      return Optional.of(new FileEffect(Kind.REMOVE, remove.path(), null, null));
    }
    if (step instanceof Step.Exec exec && exec.command().script() == null) {
      return ofArgv(exec.command().argv());
    }
    return Optional.empty();
  }

  /** {@code program [-R|-p|-rf|-f] [value] -- path}, for the programs the builtins plan. */
  private static Optional<FileEffect> ofArgv(List<String> argv) {
    int dashes = argv.indexOf("--");
    if (dashes < 1 || dashes != argv.size() - 2) {
      return Optional.empty();
    }
    String path = argv.get(argv.size() - 1);
    List<String> between = argv.subList(1, dashes);
    boolean recursive = !between.isEmpty() && between.get(0).equals("-R");
    List<String> values = recursive ? between.subList(1, between.size()) : between;
    switch (argv.get(0)) {
      case "mkdir":
        return between.equals(List.of("-p"))
            ? Optional.of(new FileEffect(Kind.MAKE_DIRECTORY, path, null, null))
            : Optional.empty();
      case "rm":
        return between.equals(List.of("-rf")) || between.equals(List.of("-f"))
            ? Optional.of(new FileEffect(Kind.REMOVE, path, null, null))
            : Optional.empty();
      case "chmod":
        return attribute(Kind.SET_MODE, values, path);
      case "chown":
        return attribute(Kind.SET_OWNER, values, path);
      case "chgrp":
        return attribute(Kind.SET_GROUP, values, path);
      default:
        return Optional.empty();
    }
  }

  private static Optional<FileEffect> attribute(Kind kind, List<String> values, String path) {
    return values.size() == 1
        ? Optional.of(new FileEffect(kind, path, values.get(0), null))
        : Optional.empty();
  }
}
