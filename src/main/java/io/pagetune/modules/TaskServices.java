package io.pagetune.modules;

import io.pagetune.yaml.SourceLocation;

/**
 * Controller-side services a module may need while planning: rendering a template file or reading a
 * local source file relative to the playbook, and evaluating expressions (assert).
 */
public interface TaskServices {
  /** Renders {@code templates/<src>} (or a path relative to the playbook) with the host's vars. */
  String renderTemplate(String src);

  /** Reads a controller-side file for {@code copy: src=}. */
  byte[] readLocalFile(String src);

  /** Evaluates a FreeMarker boolean expression with the host's vars. */
  boolean test(String expression);

  /** Renders a string that may contain {@code ${…}} with the host's vars. */
  String interpolate(String text);

  SourceLocation location();
}
