package io.pagetune.connection;

import java.time.Duration;
import java.util.Optional;

/**
 * Transport to one host, opened once per run and reused by every task. Implementations are
 * thread-safe: several commands of one host may run at once (facts, free strategy).
 *
 * <p>Failures to reach or keep the host raise {@link ConnectionException}; a command that ran and
 * failed is a normal {@link CommandResult}.
 */
public interface Connection extends AutoCloseable {

  /** The inventory name of the host this connection reaches. */
  String host();

  /** Runs a command; at the timeout it is killed on the host and the result says timedOut. */
  CommandResult run(RemoteCommand command, Duration timeout);

  /** Reads a whole file, or empty if it does not exist. */
  Optional<byte[]> read(String path, Become become);

  /** Metadata of a path (not following a final symlink), or empty if it does not exist. */
  Optional<FileMeta> stat(String path, Become become);

  /**
   * Writes a file atomically: a temp file in the same directory, mode and owner set, then a rename.
   * When options leave mode/owner/group null, an existing file's are kept.
   */
  void put(byte[] content, String path, PutOptions options);

  /**
   * This connection as a {@code no_log} task uses it: what it runs may carry the task's secrets, so
   * nothing tracing it (-vv) shows the commands. The connection itself is shared, not a copy.
   */
  default Connection noLog() {
    return this;
  }

  /**
   * The timeout of the task now using this host: from now on its file operations (read, stat, put)
   * wait for the host at most this long, plus the connection's documented grace for asking whether
   * the host still answers. Commands take their timeout as a parameter.
   */
  default void useTaskTimeout(Duration timeout) {}

  @Override
  void close();
}
