package io.pagetune.connection.ssh.session;

import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a remote command killable: the wrapper prints its shell's PID on stderr behind a nonce,
 * then {@code exec}s the command (or its shell) so the PID stays the same. The kill script signals
 * the process group when the command leads its own group (OpenSSH starts every session with
 * setsid), else the process and all of its descendants.
 */
final class RemoteProcess {
  private final String nonce;

  RemoteProcess(String nonce) {
    this.nonce = nonce;
  }

  String nonce() {
    return nonce;
  }

  /** How the wrapper starts a rendered command: each form starts as few shells as it can. */
  enum Shape {
    /** Any shell text: the wrapper execs a {@code /bin/sh -c} of its own for it. */
    SCRIPT,
    /** One simple command: the wrapper execs it, so one shell starts instead of two. */
    SIMPLE_COMMAND,
    /**
     * A script of pagetune's own: the wrapper runs it. Not every shell execs a script's last
     * command, so a death by signal of that command would read as an exit status above 128; a
     * user's script keeps its own shell for that, pagetune's scripts do not look at it.
     */
    OWN_SCRIPT
  }

  /** The string sent in the exec request. */
  String wrap(String rendered, Shape shape) {
    return "exec " + child(rendered, shape);
  }

  /** The same command as a child of a long-lived shell session, which must not be replaced. */
  String child(String rendered, Shape shape) {
    // the PID line shares the script's first line, so the shell's messages keep its line numbers
    String announce = "printf '%s %s\\n' " + nonce + " \"$$\" >&2; ";
    String inner =
        switch (shape) {
          case SCRIPT -> announce + "exec /bin/sh -c " + ShellQuote.quote(rendered);
          case SIMPLE_COMMAND -> announce + "exec " + rendered;
          case OWN_SCRIPT -> announce + rendered;
        };
    return "/bin/sh -c " + ShellQuote.quote(inner);
  }

  /** The PID announced on stderr so far. */
  OptionalLong pid(byte[] stderr) {
    Matcher m = marker().matcher(new String(stderr, StandardCharsets.UTF_8));
    return m.find() ? OptionalLong.of(Long.parseLong(m.group(1))) : OptionalLong.empty();
  }

  /** Stderr without the marker line. */
  String stripMarker(byte[] stderr) {
    return marker().matcher(new String(stderr, StandardCharsets.UTF_8)).replaceFirst("");
  }

  private Pattern marker() {
    return Pattern.compile("(?m)^" + Pattern.quote(nonce) + " (\\d+)\\r?\\n?");
  }

  /**
   * A script that ends the process tree of {@code pid}: TERM, one second, then KILL. Bourne syntax
   * only (backquotes, neither {@code type} nor {@code command -v}, no {@code !}), for Solaris 10's
   * {@code /bin/sh}, and no builtin a strict shell such as posh lacks.
   */
  static String killScript(long pid) {
    return "p="
        + pid
        + "\n"
        + "g=`ps -o pgid= -p \"$p\" 2>/dev/null | tr -d ' '`\n"
        // without ps, trust that sshd made the session its own group (OpenSSH does)
        + "if [ \"$g\" = \"$p\" ]; then t=\"-$p\"\n"
        // ps itself is the test that ps is here: posh has no type, Solaris 10's sh no command -v
        + "elif ps -p \"$p\" >/dev/null 2>&1; then\n"
        // Solaris 10's awk is the old one (no -v, no "in"): its POSIX awk is in /usr/xpg4
        + "  a=awk; [ -x /usr/xpg4/bin/awk ] && a=/usr/xpg4/bin/awk\n"
        + "  t=`ps -e -o pid= -o ppid= | $a -v root=\"$p\" '"
        + "{ parent[$1] = $2 } END { for (x in parent) { y = x; n = 0;"
        + " while (y in parent && y != root && n < 64) { y = parent[y]; n++ }"
        + " if (y == root && x != root) print x } }' | tr '\\n' ' '`\n"
        + "  t=\"$p $t\"\n"
        + "else t=\"-$p\"; fi\n"
        + "kill -s TERM -- $t 2>/dev/null || exit 0\n"
        + "sleep 1\n"
        + "kill -s KILL -- $t 2>/dev/null\n"
        + "exit 0\n";
  }
}
