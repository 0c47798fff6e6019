package io.pagetune.pages;

import io.pagetune.connection.CommandResult;
import io.pagetune.facts.Fact;
import java.util.Objects;
import java.util.function.Function;

/** A {@link Fact} made of a name, a read-only shell snippet and a pure parser. */
public record ScriptFact<T>(String name, String script, Function<CommandResult, T> parser)
    implements Fact<T> {
  public ScriptFact {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(script, "script");
    Objects.requireNonNull(parser, "parser");
  }

  @Override
  public T parse(CommandResult result) {
    return parser.apply(result);
  }
}
