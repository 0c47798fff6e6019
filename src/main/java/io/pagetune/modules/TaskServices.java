package io.pagetune.modules;

import io.pagetune.error.SourceLocation;

/**
 * Controller-side services a module may need while planning: rendering a template file or reading a
 * local source file relative to the playbook, and evaluating expressions (assert).
 */
public interface TaskServices {
  /** Renders {@code templates/<src>} (or a path relative to the playbook) with the host's vars. */
  String renderTemplate(String src);

  /**
   * Renders {@code templates/<src>} with the host's vars plus {@code extra} (values a module
   * computed, e.g. a planned page count). Implementations that render files must honour {@code
   * extra}; the default serves stubs that answer with fixed text.
   */
  default String renderTemplate(String src, java.util.Map<String, Object> extra) {
    return renderTemplate(src);
  }

  /** Reads a controller-side file for {@code copy: src=}. */
  byte[] readLocalFile(String src);

  /** Evaluates a FreeMarker boolean expression with the host's vars. */
  boolean test(String expression);

  /** Renders a string that may contain {@code ${…}} with the host's vars. */
  String interpolate(String text);

  /**
   * The value of an expression with the host's vars, keeping its type (a list stays a list) for
   * {@code debug: var:}. The default serves stubs that answer with interpolated text.
   */
  default Object value(String expression) {
    return interpolate("${" + expression + "}");
  }

  /**
   * Reads a vars file on the control node ({@code include_vars}) as the loader reads one: its
   * language decided and its templates checked. The plain value: a mapping, or null when empty.
   */
  default Object readVarsFile(java.nio.file.Path file) {
    throw new UnsupportedOperationException("vars files are not read here");
  }

  SourceLocation location();
}
