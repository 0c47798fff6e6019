package io.pagetune.modules;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import java.util.Optional;

/**
 * Reads what a symlink points to as written (not resolved), for the journal: {@code readlink}, or
 * {@code ls -ld} where there is none (older AIX and Solaris).
 */
public final class LinkRead {
  private LinkRead() {}

  public static RemoteCommand command(String path) {
    String p = ShellQuote.quote(path);
    return RemoteCommand.script(
        "[ -h "
            + p
            + " ] || exit 1\nreadlink "
            + p
            + " 2>/dev/null || ls -ld -- "
            + p
            + " | sed 's/^.* -> //'");
  }

  /** The target from the command's output (one trailing newline is the command's). */
  public static Optional<String> parse(String stdout) {
    String target = stdout.endsWith("\n") ? stdout.substring(0, stdout.length() - 1) : stdout;
    return target.isEmpty() ? Optional.empty() : Optional.of(target);
  }
}
