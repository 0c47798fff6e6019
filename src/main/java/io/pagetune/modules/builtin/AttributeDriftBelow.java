package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The entries of a directory tree (the top included, symlinks aside) that lack the wanted mode,
 * owner or group: what {@code file: recurse: true} changes, one journaled step each, and what keeps
 * it idempotent. Uses only POSIX {@code find} primaries.
 */
final class AttributeDriftBelow implements Fact<AttributeDriftBelow.Drift> {
  private final String path;
  private final FileAttributes attrs;

  AttributeDriftBelow(String path, FileAttributes attrs) {
    this.path = path;
    this.attrs = attrs;
  }

  /**
   * @param paths the drifting entries, as find names them (below {@link #start()})
   * @param problem why the tree could not be listed exactly; then nothing may be changed
   */
  record Drift(List<String> paths, Optional<String> problem) {
    boolean any() {
      return !paths.isEmpty() || problem.isPresent();
    }
  }

  @Override
  public String name() {
    return "attribute_drift_below:" + path + ":" + attrs;
  }

  /** A relative path starting with '-' or '(' would be read by find as an expression. */
  private String start() {
    return path.startsWith("/") ? path : "./" + path;
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
    return "find "
        + ShellQuote.quote(start())
        + " ! -type l \\( "
        + String.join(" -o ", tests)
        + " \\) -print";
  }

  /**
   * Every line must name the top or an entry below it: a name holding a newline splits into a line
   * that does not (a name cannot hold '/'), and the tree is then refused rather than misread.
   */
  @Override
  public Drift parse(CommandResult result) {
    if (!result.ok()) {
      return new Drift(
          List.of(),
          Optional.of(
              "cannot list the tree below "
                  + path
                  + (result.stderr().isBlank() ? "" : ": " + result.stderr().strip())));
    }
    String start = start();
    String below = start.endsWith("/") ? start : start + "/";
    List<String> paths = new ArrayList<>();
    for (String line : result.stdout().split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      if (!line.equals(start) && !line.startsWith(below)) {
        return new Drift(
            List.of(), Optional.of("a name below " + path + " holds a newline; not changed"));
      }
      paths.add(line);
    }
    return new Drift(List.copyOf(paths), Optional.empty());
  }
}
