package io.pagetune.modules;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.state.ChangeKind;
import java.time.Duration;
import java.util.Optional;

/**
 * A path's state on the host as the journal records it for a change of a kind without content, so
 * that a dead run's unconfirmed change can be told applied or not: a mode ({@code 0644}), {@code
 * owner:group}, a group, a link's target, {@code directory}, or {@code present} for a tree.
 */
public final class PathState {
  /** The state a removed tree leaves: none; a tree there reads as this. */
  public static final String PRESENT = "present";

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(30);

  private PathState() {}

  /** Empty when the path does not exist (or, for a link, is not one). */
  public static Optional<String> read(
      ChangeKind kind, Connection connection, String path, Become become) {
    Optional<FileMeta> meta = connection.stat(path, become);
    if (meta.isEmpty()) {
      return Optional.empty();
    }
    FileMeta m = meta.get();
    return switch (kind) {
      case MODE -> Optional.of(m.modeOctal());
      case OWNER -> Optional.of(m.owner() + ":" + m.group());
      case GROUP -> Optional.of(m.group());
      case DIRECTORY ->
          m.type() == FileMeta.Type.DIRECTORY ? Optional.of("directory") : Optional.empty();
      case LINK ->
          m.type() == FileMeta.Type.SYMLINK ? link(connection, path, become) : Optional.empty();
      case TREE, CONTENT -> Optional.of(PRESENT);
    };
  }

  private static Optional<String> link(Connection connection, String path, Become become) {
    CommandResult r =
        connection.run(LinkRead.command(path).withDefaultBecome(become), READ_TIMEOUT);
    return r.ok() ? LinkRead.parse(r.stdout()) : Optional.empty();
  }
}
