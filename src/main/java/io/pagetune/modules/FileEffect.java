package io.pagetune.modules;

import java.util.Objects;
import java.util.Optional;

/**
 * What a planned step does to one path on the host: a file written or removed, a directory created,
 * a mode, owner or group set, a tree removed. A {@link Step.Put} or {@link Step.Remove} is its own
 * effect; a command declares its effect ({@link Step.Exec#changing}), so check mode never reads
 * command text. Steps without one (a command, a restart) cannot be predicted.
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

  public FileEffect {
    Objects.requireNonNull(kind);
    Objects.requireNonNull(path);
  }

  /** {@code mkdir -p}: the directory and every missing parent. */
  public static FileEffect makeDirectory(String path) {
    return new FileEffect(Kind.MAKE_DIRECTORY, path, null, null);
  }

  /** The path and everything below it removed. */
  public static FileEffect remove(String path) {
    return new FileEffect(Kind.REMOVE, path, null, null);
  }

  public static FileEffect mode(String path, int mode) {
    return new FileEffect(Kind.SET_MODE, path, String.format("%04o", mode), null);
  }

  /** The owner set, and the group too when {@code group} is not null. */
  public static FileEffect owner(String path, String owner, String group) {
    return new FileEffect(Kind.SET_OWNER, path, group == null ? owner : owner + ":" + group, null);
  }

  public static FileEffect group(String path, String group) {
    return new FileEffect(Kind.SET_GROUP, path, group, null);
  }

  /** The path a step changes and how, if the step's effect is a file's. */
  public static Optional<FileEffect> of(Step step) {
    if (step instanceof Step.Put put) {
      return Optional.of(new FileEffect(Kind.WRITE, put.path(), null, put));
    }
    if (step instanceof Step.Remove remove) {
      return Optional.of(remove(remove.path()));
    }
    if (step instanceof Step.Exec exec) {
      return Optional.ofNullable(exec.effect());
    }
    return Optional.empty();
  }
}
