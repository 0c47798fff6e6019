package io.pagetune.facts;

import io.pagetune.connection.CommandResult;

/**
 * A read-only question to a host: a POSIX shell snippet and a pure parser of its output. Facts are
 * gathered many at a time in one round trip (see {@link FactGatherer}) and cached per host.
 *
 * @param <T> the parsed value
 */
public interface Fact<T> {
  /** Unique name; also the key under which the value is cached and exposed to templates. */
  String name();

  /** The snippet to run; must not change the host. Its stderr is discarded when gathered. */
  String script();

  /** Parses the snippet's result. Must not throw on odd but valid output. */
  T parse(CommandResult result);
}
