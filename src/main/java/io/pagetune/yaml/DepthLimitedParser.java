package io.pagetune.yaml;

import io.pagetune.error.InputException;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.parser.Parser;

/**
 * Refuses YAML nested deeper than a limit while it is parsed, before the (recursive) composer sees
 * it: a thousand nested lists would otherwise end in a StackOverflowError instead of a message.
 */
final class DepthLimitedParser implements Parser {
  private final Parser delegate;
  private final String label;
  private final int maxDepth;
  private int depth;

  DepthLimitedParser(Parser delegate, String label, int maxDepth) {
    this.delegate = delegate;
    this.label = label;
    this.maxDepth = maxDepth;
  }

  @Override
  public boolean checkEvent(Event.ID id) {
    return delegate.checkEvent(id);
  }

  @Override
  public Event peekEvent() {
    return delegate.peekEvent();
  }

  @Override
  public boolean hasNext() {
    return delegate.hasNext();
  }

  @Override
  public Event next() {
    Event event = delegate.next();
    switch (event.getEventId()) {
      case SequenceStart, MappingStart -> {
        if (++depth > maxDepth) {
          throw new InputException(
              YamlReader.at(label, event.getStartMark().orElse(null)),
              "YAML nested deeper than " + maxDepth + " levels; refused");
        }
      }
      case SequenceEnd, MappingEnd -> depth--;
      default -> {}
    }
    return event;
  }
}
