package io.pagetune.connection;

/**
 * Removal of the temp files that killed writes of one target left beside it, as Bourne shell: only
 * names {@link TempNames} gives (its prefix and a hex suffix), only regular files (never a link),
 * and never {@code $t}, the caller's own temp file when it has one.
 */
public final class StaleTemps {
  private StaleTemps() {}

  /** The shell lines, for a script that may have set {@code t} to its own temp file. */
  public static String removal(String path) {
    int slash = path.lastIndexOf('/');
    String quotedPrefix =
        ShellQuote.quote(
            path.substring(0, slash + 1) + new TempNames(path.substring(slash + 1)).prefix());
    return "for f in "
        + quotedPrefix
        + "*; do\n"
        + "  case \"$f\" in "
        + quotedPrefix
        + '|'
        + quotedPrefix
        + "*[!0-9a-f]*) continue ;; esac\n"
        + "  [ \"$f\" = \"$t\" ] || [ -h \"$f\" ] || [ ! -f \"$f\" ] || rm -f -- \"$f\"\n"
        + "done\n";
  }

  /**
   * A command of its own, for a target the run may never write: the journal knows a dead run was
   * writing it.
   */
  public static RemoteCommand command(String path, Become become) {
    return RemoteCommand.script("t=\n" + removal(path)).withBecome(become);
  }
}
