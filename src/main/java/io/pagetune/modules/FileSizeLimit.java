package io.pagetune.modules;

import io.pagetune.connection.FileMeta;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;

/**
 * How large a host file a module may read whole (to edit or compare it) before it refuses: a file
 * bigger than any configuration file is a mistake, and reading it would exhaust the control node's
 * memory. The variable {@value #VARIABLE} sets it per host, play or task; a refusal is input error
 * (exit 4) naming the task, the file, its size and the limit, and that host fails.
 *
 * @param where the task's module location, for the message
 * @param what e.g. {@code task 'Edit limits': lineinfile}
 */
public record FileSizeLimit(long maxBytes, SourceLocation where, String what) {
  public static final String VARIABLE = io.pagetune.vars.EngineVariables.MAX_FILE_BYTES;

  /** 32 MiB: far above any configuration file, far below a default heap. */
  public static final long DEFAULT_BYTES = 32L * 1024 * 1024;

  /** For callers outside a task (stubs, restart verification). */
  public static final FileSizeLimit DEFAULT =
      new FileSizeLimit(DEFAULT_BYTES, SourceLocation.UNKNOWN, "module");

  /** The limit from the variable's value (absent: the default), validated. */
  public static FileSizeLimit of(Object value, SourceLocation where, String what) {
    return new FileSizeLimit(
        ByteCountVariable.parse(VARIABLE, value, DEFAULT_BYTES, 1, where), where, what);
  }

  /** Refuses a regular file larger than the limit, from its metadata, before it is read. */
  public void check(FileMeta meta) {
    if (meta.type() == FileMeta.Type.FILE && meta.size() > maxBytes) {
      throw new InputException(
          where,
          what
              + ": "
              + meta.path()
              + " is "
              + meta.size()
              + " bytes, over the limit of "
              + maxBytes
              + " bytes for a file read whole (set "
              + VARIABLE
              + " to raise it)");
    }
  }
}
