package io.pagetune.connection.ssh.session;

/**
 * What a {@link ShellSession} writes to its {@code /bin/sh}: the session's first line, each command
 * in a subshell writing to fd 4 and 5 (its relays, or the channel), and the frame lines around it.
 * Bourne-shell syntax only (backquotes, no {@code $(...)} nor {@code $((...))}), so that Solaris
 * 10's {@code /bin/sh}, AIX ksh and IBM i PASE keep a session as well as dash or bash.
 */
final class SessionShellText {
  private SessionShellText() {}

  /**
   * What a command's output goes through: fd 4 and 5 (its relays or the channel, see {@link
   * SessionFifos}) as its stdout and stderr, none of the session's own descriptors kept.
   */
  private static final String REDIRECT = " >&4 2>&5 3>&- 4>&- 5>&-";

  /**
   * What comes before each command: the relays of the previous one stopped and the note file
   * emptied. A relayed command's stdout and stderr are fresh FIFOs (fd 4 and 5 of the session
   * shell, see {@link SessionFifos}) that a {@code cat -u} per stream copies to the channel, so no
   * process the command starts ever holds the channel itself. The frame lines go through the same
   * FIFOs after the command, so they come after every byte it wrote. Killing the previous pair
   * first means that a background process of an earlier command still writing writes into a pipe
   * nobody reads (it gets EPIPE, as it would once an exec channel closed), and whatever the relay
   * copied after the frame comes before the next begin line, which drops it. {@code wait} discards
   * the shells' notices of the killed relays, which would otherwise read as a signal in the note
   * file.
   */
  private static final String STOP_PREVIOUS =
      "case $pt_ro in ?*) kill $pt_ro $pt_re 2>/dev/null; wait $pt_ro $pt_re 2>/dev/null;"
          + " pt_ro=; pt_re=;; esac; : > \"$pt_d/note\";";

  /**
   * The session shell's first line: a private directory for its note file (the shell exits, and the
   * caller falls back to exec channels, when it cannot make one), removed when the shell ends; the
   * channel's stderr kept on fd 3 and the shell's own stderr sent to the note file. A shell killed
   * outright runs no trap, so the directories of session shells no longer alive (the PID is the
   * name's second-last dot-separated word) are removed first; another user's stay, as the sticky
   * temp directory refuses. The PID is split out with {@code IFS} and tested with the {@code kill}
   * builtin: no process per directory, as many sessions may share one temp directory.
   */
  static String setup() {
    return "pt_t=${TMPDIR:-/tmp}; pt_d=$pt_t/pagetune-sh.$$."
        + RandomHex.of(12)
        + "; pt_i=$IFS; for pt_o in \"$pt_t\"/pagetune-sh.*; do [ -d \"$pt_o\" ] || continue;"
        + " pt_p=; pt_q=; IFS=.; set -f; for pt_w in $pt_o; do pt_p=$pt_q; pt_q=$pt_w; done;"
        + " set +f; IFS=$pt_i; case $pt_p in ''|*[!0-9]*) ;; *) kill -0 \"$pt_p\" 2>/dev/null"
        + " || rm -rf \"$pt_o\" 2>/dev/null;; esac; done;"
        + " mkdir -m 700 \"$pt_d\" || exit 1; pt_ro=; pt_re=; pt_f=;"
        + " trap 'kill $pt_ro $pt_re 2>/dev/null; rm -rf \"$pt_d\"' 0;"
        + " trap 'exit 129' 1 15; exec 3>&2 2>\"$pt_d/note\"\n";
  }

  /** One command as the session runs it, in a subshell writing to fd 4 and 5. */
  static String line(String command) {
    return "( exec " + command + REDIRECT + " </dev/null )\n";
  }

  /**
   * One command with {@code input} (text lines pagetune generated, the last ending in a newline) as
   * its standard input: a here-document under a quoted random delimiter, so the session shell
   * expands nothing in it.
   */
  static String withInput(String command, String input) {
    if (!input.isEmpty() && !input.endsWith("\n")) {
      throw new IllegalArgumentException("here-document input must end with a newline");
    }
    String delimiter = "pagetune-input-" + RandomHex.of(12);
    if (input.startsWith(delimiter + "\n") || input.contains("\n" + delimiter + "\n")) {
      throw new IllegalArgumentException("here-document input holds its delimiter");
    }
    return "( exec " + command + REDIRECT + " <<'" + delimiter + "'\n" + input + delimiter
        + "\n)\n";
  }

  /**
   * {@code body} (a subshell ending in a newline) between the begin lines and the end lines of a
   * command's frame, which carry its status and, for a death by signal, the signal's name; {@code
   * streams} (from {@link SessionFifos}) points fd 4 and 5 at where the command writes.
   */
  static String framed(String begin, String token, String body, String streams) {
    // the relays, then the begin lines: what the relays of the previous command copied after its
    // frame comes before them. The command runs exec'd in a subshell writing to fd 4 and 5, so that
    // the session shell's own stderr, the note file, gets only the shell's notice of a child that
    // died of a signal: a status above 128 is a signal only with that notice ("exit 143" is not).
    // Shells that print no notice say it in the status: ksh93 gives 256 + the signal, yash 384 +
    // it, above any exit status. The number is taken modulo 128 because posh's "kill -l" takes
    // only the signal's own number. Bourne syntax only: backquotes, no $(...) nor $((...)).
    return STOP_PREVIOUS
        + " "
        + streams
        + "\n"
        + "printf '%s\\n' "
        + begin
        + "; printf '%s\\n' "
        + begin
        + " >&3\n"
        + body
        + "pt_st=$?; pt_sig=; if [ $pt_st -gt 255 ] || { [ $pt_st -gt 128 ] && [ -s \"$pt_d/note\" ]; };"
        + " then pt_n=`expr $pt_st % 128`; pt_sig=`kill -l $pt_n 2>/dev/null`;"
        + " case $pt_sig in ''|*[!A-Z0-9+-]*) pt_sig=$pt_n;; esac; fi; : > \"$pt_d/note\"\n"
        + "printf '\\n%s %s %s\\n' "
        + token
        + " $pt_st \"$pt_sig\" >&4; printf '\\n%s\\n' "
        + token
        + " >&5; exec 4>&- 5>&-\n";
  }
}
