package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.OptionalLong;

/**
 * How many bytes a directory tree takes on disk ({@code du -sk}, POSIX and on AIX and Solaris), so
 * that a removal is refused before it archives a tree above the journal's backup limit.
 */
final class TreeSize implements Fact<OptionalLong> {
  private final String path;

  TreeSize(String path) {
    this.path = path;
  }

  @Override
  public String name() {
    return "tree_size:" + path;
  }

  @Override
  public String script() {
    // du has no "--" on every platform: a relative path starting with '-' gets a "./"
    String p = path.startsWith("-") ? "./" + path : path;
    return "du -sk " + ShellQuote.quote(p);
  }

  @Override
  public OptionalLong parse(CommandResult result) {
    String[] fields = result.stdout().strip().split("\\s+", 2);
    if (!result.ok() || fields.length == 0 || !fields[0].matches("\\d{1,15}")) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Long.parseLong(fields[0]) * 1024);
  }
}
