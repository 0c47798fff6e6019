package io.pagetune.template;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;

/** A template or expression failed: undefined variable, syntax error, wrong type. */
public class TemplateException extends InputException {
  private static final long serialVersionUID = 1L;

  public TemplateException(SourceLocation location, String reason, Throwable cause) {
    super(location, reason, cause);
  }
}
