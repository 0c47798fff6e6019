package io.pagetune.error;

/**
 * Bad input (playbook, inventory, template, variables, CLI): reported as one line {@code
 * file:line:col: message} before any host is touched.
 */
public class InputException extends PagetuneException {
  private static final long serialVersionUID = 1L;
  private final transient SourceLocation location;
  private final String reason;

  public InputException(SourceLocation location, String reason) {
    super(location + ": " + reason);
    this.location = location;
    this.reason = reason;
  }

  public InputException(SourceLocation location, String reason, Throwable cause) {
    super(location + ": " + reason, cause);
    this.location = location;
    this.reason = reason;
  }

  public SourceLocation location() {
    return location;
  }

  public String reason() {
    return reason;
  }
}
