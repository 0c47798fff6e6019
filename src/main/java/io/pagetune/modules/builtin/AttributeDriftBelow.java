package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether anything in a directory tree (symlinks aside) lacks the wanted mode, owner or group: the
 * read-only question that keeps {@code file: recurse: true} idempotent. Uses only POSIX {@code
 * find} primaries.
 */
final class AttributeDriftBelow implements Fact<Boolean> {
  private final String path;
  private final FileAttributes attrs;

  AttributeDriftBelow(String path, FileAttributes attrs) {
    this.path = path;
    this.attrs = attrs;
  }

  @Override
  public String name() {
    return "attribute_drift_below:" + path + ":" + attrs;
  }

  @Override
  public String script() {
    List<String> tests = new ArrayList<>();
    if (attrs.mode() != null) {
      tests.add("! -perm " + String.format("%04o", attrs.mode()));
    }
    if (attrs.owner() != null) {
      tests.add("! -user " + ShellQuote.quote(attrs.owner()));
    }
    if (attrs.group() != null) {
      tests.add("! -group " + ShellQuote.quote(attrs.group()));
    }
    if (tests.isEmpty()) {
      return "true";
    }
    // a relative path starting with '-' or '(' would be read by find as an expression
    String start = path.startsWith("/") ? path : "./" + path;
    return "find "
        + ShellQuote.quote(start)
        + " ! -type l \\( "
        + String.join(" -o ", tests)
        + " \\) -print | head -n 1";
  }

  /** Something printed = drift. A failed find counts as drift too, so nothing is skipped unseen. */
  @Override
  public Boolean parse(CommandResult result) {
    return !result.stdout().isBlank() || !result.ok();
  }
}
