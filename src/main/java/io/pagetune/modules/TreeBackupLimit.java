package io.pagetune.modules;

import io.pagetune.error.SourceLocation;

/**
 * How large a directory tree a removal backs up in the journal (so that rollback can restore it):
 * above it the removal is refused unless the task accepts an unrecoverable removal. The variable
 * {@value #VARIABLE} sets it per host, play or task.
 *
 * @param where the task's module location, for the message
 * @param what e.g. {@code task 'Drop old profiles': file}
 */
public record TreeBackupLimit(long maxBytes, SourceLocation where, String what) {
  public static final String VARIABLE = io.pagetune.vars.EngineVariables.MAX_TREE_BACKUP_BYTES;

  /** 64 MiB: the state store keeps it gzip-compressed, and rollback reads it whole. */
  public static final long DEFAULT_BYTES = 64L * 1024 * 1024;

  public static final TreeBackupLimit DEFAULT =
      new TreeBackupLimit(DEFAULT_BYTES, SourceLocation.UNKNOWN, "module");

  /** The limit from the variable's value (absent: the default), validated. */
  public static TreeBackupLimit of(Object value, SourceLocation where, String what) {
    return new TreeBackupLimit(
        ByteCountVariable.parse(VARIABLE, value, DEFAULT_BYTES, 0, where), where, what);
  }
}
