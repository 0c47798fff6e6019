package io.pagetune.template;

import io.pagetune.error.SourceLocation;

/**
 * An evaluation that went past a {@link TemplateLimits} bound (output size, time, memory, nesting)
 * with the values one host gave it: the template is valid, the host's data made it too big, so that
 * host fails (exit 2) like any host-side failure, and the others go on.
 */
public final class TemplateLimitException extends TemplateException {
  private static final long serialVersionUID = 1L;

  TemplateLimitException(SourceLocation location, String reason) {
    super(location, reason, null);
  }
}
