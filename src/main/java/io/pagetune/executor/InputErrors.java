package io.pagetune.executor;

import java.util.ArrayList;
import java.util.List;

/**
 * Input errors that only showed at run time (an undefined variable in one host's task). They make
 * the run end with the invalid-input exit code rather than the host-failure one.
 */
public final class InputErrors {
  private final List<String> messages = new ArrayList<>();

  public synchronized void add(String message) {
    if (!messages.contains(message)) {
      messages.add(message);
    }
  }

  public synchronized List<String> all() {
    return List.copyOf(messages);
  }
}
