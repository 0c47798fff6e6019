package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.modules.LinkRead;
import java.util.Optional;

/** What a symlink points to as written (not resolved); empty when the path is not a symlink. */
final class LinkValue implements Fact<Optional<String>> {
  private final String path;

  LinkValue(String path) {
    this.path = path;
  }

  @Override
  public String name() {
    return "link_value:" + path;
  }

  @Override
  public String script() {
    return ShellQuote.render(LinkRead.command(path));
  }

  @Override
  public Optional<String> parse(CommandResult result) {
    return result.ok() ? LinkRead.parse(result.stdout()) : Optional.empty();
  }
}
