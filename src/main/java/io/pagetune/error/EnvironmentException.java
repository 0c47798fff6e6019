package io.pagetune.error;

/**
 * The control node itself failed us, not the input and not a host: the state database is
 * unreachable or corrupt, a disk is full, memory ran out. Reported as one line with its own exit
 * code, so a cron job can tell "fix the machine" from "fix the playbook".
 */
public class EnvironmentException extends PagetuneException {
  private static final long serialVersionUID = 1L;

  public EnvironmentException(String message) {
    super(CredentialMask.mask(message));
  }

  public EnvironmentException(String message, Throwable cause) {
    super(CredentialMask.mask(message), cause);
  }
}
