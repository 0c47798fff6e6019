package io.pagetune.connection;

import io.pagetune.error.PagetuneException;

/**
 * sudo or su refused to run a command or file operation as the become user: the host fails with
 * this one line (the host, the method, the user and what the program said), never with the text of
 * an I/O exception.
 */
public final class BecomeRefused extends PagetuneException {
  private BecomeRefused(String message) {
    super(message);
  }

  /**
   * @param said what sudo or su printed, any number of lines (said in one)
   * @param passwordGiven whether a become password was sent (then it is wrong), or none was
   */
  public static BecomeRefused of(String host, Become become, String said, boolean passwordGiven) {
    String text = said.strip().replaceAll("\\s*\\R\\s*", " ");
    return new BecomeRefused(
        host
            + ": "
            + become.methodName()
            + " to "
            + become.user()
            + " refused: "
            + (text.isEmpty() ? "no reason given" : text)
            + (passwordGiven
                ? ""
                : " (no become password was given: use --ask-become-pass, "
                    + Become.PASSWORD_ENV
                    + " or ansible_become_password)"));
  }
}
