package io.pagetune.state;

import java.util.Locale;

/**
 * What a journaled change did to its path. {@link #CONTENT} and {@link #TREE} carry checksums (the
 * replaced content, or the archive of a removed tree, is the backup); the others carry the path's
 * state before and after as text.
 */
public enum ChangeKind {
  /** A file written, created or removed: checksums and the replaced content. */
  CONTENT,
  /** A directory tree removed (its archive is the backup) or restored from one. */
  TREE,
  /** Permission bits set: values like {@code 0644}. */
  MODE,
  /** Owner (and group) set: values like {@code root:sys}. */
  OWNER,
  /** Group set: values are group names. */
  GROUP,
  /** A symlink made, changed or removed: values are link targets (empty = no link). */
  LINK,
  /** A directory created: before empty, after {@code directory}. */
  DIRECTORY;

  /** The name stored in the journal. */
  public String column() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kind of a stored row; rows from before kinds were journaled hold content. */
  public static ChangeKind ofColumn(String column) {
    return column == null ? CONTENT : valueOf(column.toUpperCase(Locale.ROOT));
  }
}
