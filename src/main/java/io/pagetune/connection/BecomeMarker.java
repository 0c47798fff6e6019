package io.pagetune.connection;

import java.nio.charset.StandardCharsets;

/**
 * Tells whether sudo or su let a command through: the command first prints a marker line on stderr,
 * as the become user. Without the marker and with a failed exit, the program refused, and all it
 * printed on stderr (su's prompt too) is what it said; with the marker, what came before it
 * (prompts, sudo's lecture) is dropped from the command's stderr.
 */
public final class BecomeMarker {
  static final String MARKER = "pagetune-become-ok";
  private static final int NOT_FOUND = 127;

  private BecomeMarker() {}

  /** {@code inner} behind the marker line. */
  public static String marked(String inner) {
    return "printf '%s\\n' " + MARKER + " >&2\n" + inner;
  }

  /**
   * What a become command's stderr says.
   *
   * @param refused sudo or su did not run the command
   * @param said when refused, what the program printed (su's password prompt left out)
   * @param stderr the command's own stderr (the marker and what came before it left out)
   */
  public record Outcome(boolean refused, String said, byte[] stderr) {}

  /** The outcome of a command rendered with {@link BecomeShell#renderMarked}. */
  public static Outcome of(Become become, int exitCode, boolean timedOut, byte[] stderr) {
    if (!become.enabled()) {
      return new Outcome(false, "", stderr);
    }
    String text = new String(stderr, StandardCharsets.UTF_8);
    int at = text.indexOf(MARKER + "\n");
    if (at >= 0) {
      String rest = text.substring(at + MARKER.length() + 1);
      return new Outcome(false, "", rest.getBytes(StandardCharsets.UTF_8));
    }
    if (exitCode == 0 || exitCode == NOT_FOUND || timedOut) {
      // a stand-in that ran the command another way, or no such program (the shell said so)
      return new Outcome(false, "", stderr);
    }
    return new Outcome(true, withoutPrompt(become, text), stderr);
  }

  /**
   * su prints its password prompt (localized: {@code Password:}, {@code Passwort:}) and then, on
   * the same line, {@code su: Authentication failure}: what su said starts at its own name.
   */
  private static String withoutPrompt(Become become, String text) {
    String program = become.method().program();
    String name = program.substring(program.lastIndexOf('/') + 1) + ": ";
    int at = text.indexOf(name);
    return become.method().isSu() && at > 0 ? text.substring(at) : text;
  }
}
