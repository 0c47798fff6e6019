package io.pagetune.connection;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell text that runs a command as the become user, the one place that knows how sudo and su
 * are called. sudo reads the password on its stdin ({@code -S}, empty prompt). su asks through PAM,
 * which reads stdin too when it is not a terminal, but may read more than a line: so the wrapper
 * takes the first line of stdin into a shell variable (no process sees it in argv), feeds su only
 * that line through a here-document and passes the command's own stdin and stdout to it on
 * descriptors 3 and 4; su's prompt and complaints go to stderr, never into the command's output.
 */
public final class BecomeShell {
  private static final String PASSWORD_VAR = "pagetune_become_pw";
  private static final String HERE_END = "pagetune_become_pw_end";

  private BecomeShell() {}

  /** {@code inner} run as the become user; the become password, if any, first on stdin. */
  public static String render(Become become, String inner) {
    BecomeMethod how = become.method();
    if (how.isSu()) {
      return su(become, inner);
    }
    List<String> words = new ArrayList<>(List.of(how.program(), "-S", "-p", ""));
    words.addAll(how.extraFlags());
    words.addAll(List.of("-u", become.user(), "--", "/bin/sh", "-c", inner));
    return ShellQuote.join(words);
  }

  /**
   * As {@link #render}, with the line that tells that become got through ({@link BecomeMarker}).
   */
  public static String renderMarked(Become become, String inner) {
    return render(become, BecomeMarker.marked(inner));
  }

  /**
   * Whether the rendered command reads a line of stdin for the password even when there is none to
   * give (su's wrapper does: the caller then sends an empty line).
   */
  public static boolean alwaysReadsPasswordLine(Become become) {
    return become.enabled() && become.method().isSu();
  }

  /** The argv that runs {@code inner} with sudo as the become user, without a shell around it. */
  static List<String> sudoArgv(
      Become become, String program, boolean passwordOnStdin, String inner) {
    BecomeMethod how = become.method();
    List<String> argv =
        new ArrayList<>(List.of(how.exeOr(program), passwordOnStdin ? "-S" : "-n", "-p", ""));
    argv.addAll(how.extraFlags());
    argv.addAll(List.of("-u", become.user(), "--", "/bin/sh", "-c", inner));
    return argv;
  }

  private static String su(Become become, String inner) {
    BecomeMethod how = become.method();
    // su's child takes the command's stdin and stdout back from descriptors 3 and 4
    String child = "/bin/sh -c " + ShellQuote.quote("exec 0<&3 1>&4 3<&- 4>&-\n" + inner);
    List<String> words = new ArrayList<>();
    words.add(how.program());
    words.addAll(how.extraFlags());
    words.addAll(List.of(become.user(), "-c", child));
    return "IFS= read -r "
        + PASSWORD_VAR
        + "\n{ "
        + ShellQuote.join(words)
        + " 1>&2 <<"
        + HERE_END
        + "\n$"
        + PASSWORD_VAR
        + "\n"
        + HERE_END
        + "\n} 3<&0 4>&1";
  }
}
