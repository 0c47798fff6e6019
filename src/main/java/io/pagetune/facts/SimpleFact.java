package io.pagetune.facts;

import io.pagetune.connection.CommandResult;
import java.util.function.Function;

/** A fact defined by a snippet and a parser function. */
public record SimpleFact<T>(String name, String script, Function<CommandResult, T> parser)
    implements Fact<T> {
  @Override
  public T parse(CommandResult result) {
    return parser.apply(result);
  }

  /** The trimmed stdout, or null when the snippet failed or printed nothing. */
  public static SimpleFact<String> text(String name, String script) {
    return new SimpleFact<>(
        name, script, r -> r.exitCode() != 0 || r.stdout().isBlank() ? null : r.stdout().strip());
  }
}
