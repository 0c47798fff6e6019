package io.pagetune.connection;

import io.pagetune.error.PagetuneException;

/**
 * sudo refused to run a file operation as the become user: the host fails with this one line (which
 * names the host and what to do), never with the text of an I/O exception.
 */
public final class BecomeRefused extends PagetuneException {
  private BecomeRefused(String message) {
    super(message);
  }

  /**
   * @param passwordGiven whether a become password was sent (then it is wrong), or none was
   */
  public static BecomeRefused of(String host, boolean passwordGiven) {
    return new BecomeRefused(
        host
            + ": sudo refused: "
            + (passwordGiven
                ? "the become password is wrong"
                : "a password is required (give --ask-become-pass or ansible_become_password)"));
  }
}
