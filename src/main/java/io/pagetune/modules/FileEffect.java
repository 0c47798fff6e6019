package io.pagetune.modules;

import java.util.Objects;
import java.util.Optional;

/**
 * What a planned step does to one path on the host: a file written or removed, a directory created,
 * a mode, owner or group set, a tree removed. A {@link Step.Put} or {@link Step.Remove} is its own
 * effect; a command declares its effect ({@link Step.Exec#changing}), so check mode never reads
 * command text. Steps without one (a command, a restart) cannot be predicted.
 *
 * @param value the mode (octal), {@code owner[:group]}, group or link target a step sets; {@link
 *     #UNRECOVERABLE} for a removal the task accepts without a backup; null otherwise
 * @param put the write, for {@link Kind#WRITE}; for {@link Kind#UNPACK_TREE} the archive, put at
 *     its temp path before the command unpacks it
 */
public record FileEffect(Kind kind, String path, String value, Step.Put put) {

  /** The kinds of change a step can make to a path. */
  public enum Kind {
    WRITE,
    REMOVE,
    MAKE_DIRECTORY,
    SET_MODE,
    SET_OWNER,
    SET_GROUP,
    /** A symlink made or pointed elsewhere; {@code value} is its target. */
    LINK,
    /** A tree restored from its archive (a rollback of its removal). */
    UNPACK_TREE
  }

  /** The {@code value} of a removal the task accepts without a backup. */
  public static final String UNRECOVERABLE = "unrecoverable";

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

  /** The path and everything below it removed, without a backup (the task accepted that). */
  public static FileEffect removeUnrecoverably(String path) {
    return new FileEffect(Kind.REMOVE, path, UNRECOVERABLE, null);
  }

  /** {@code path} made a symlink to {@code target} (replacing a link there). */
  public static FileEffect link(String path, String target) {
    return new FileEffect(Kind.LINK, path, target, null);
  }

  /** The tree {@code path} unpacked from {@code archive}, which the step's command reads. */
  public static FileEffect unpackTree(String path, Step.Put archive) {
    return new FileEffect(Kind.UNPACK_TREE, path, null, archive);
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
