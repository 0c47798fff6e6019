package io.pagetune.connection;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The single place where a {@link RemoteCommand} becomes a POSIX shell string. */
public final class ShellQuote {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");
  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private ShellQuote() {}

  /** Quotes one word for a POSIX shell; safe words stay readable. */
  public static String quote(String word) {
    if (!word.isEmpty() && SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }

  public static String join(List<String> words) {
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      if (sb.length() > 0) {
        sb.append(' ');
      }
      sb.append(quote(w));
    }
    return sb.toString();
  }

  /**
   * Renders the command for {@code /bin/sh -c}. With become, the whole command runs under sudo or
   * su ({@link BecomeShell}), which read the password (if any) from the first line of stdin.
   */
  public static String render(RemoteCommand cmd) {
    String inner = renderInner(cmd);
    return cmd.become().enabled() ? BecomeShell.render(cmd.become(), inner) : inner;
  }

  /**
   * As {@link #render}, the command under become first printing the line that tells that sudo or su
   * let it through ({@link BecomeMarker}).
   */
  public static String renderMarked(RemoteCommand cmd) {
    String inner = renderInner(cmd);
    return cmd.become().enabled() ? BecomeShell.renderMarked(cmd.become(), inner) : inner;
  }

  /**
   * Whether {@link #renderMarked} gives one simple command that {@code exec} can replace a shell
   * with: an argv without working directory or environment (whose {@code K=v} before {@code exec} a
   * shell need not export), or anything under sudo and its kin (su's is a script).
   */
  public static boolean rendersSimpleCommand(RemoteCommand cmd) {
    if (cmd.become().enabled()) {
      return !cmd.become().method().isSu();
    }
    return cmd.script() == null && cmd.chdir() == null && cmd.env().isEmpty();
  }

  private static String renderInner(RemoteCommand cmd) {
    StringBuilder sb = new StringBuilder();
    if (cmd.chdir() != null) {
      sb.append("cd ").append(quote(cmd.chdir())).append(" && ");
    }
    for (Map.Entry<String, String> e : cmd.env().entrySet()) {
      if (!ENV_NAME.matcher(e.getKey()).matches()) {
        throw new IllegalArgumentException("invalid environment variable name: " + e.getKey());
      }
      // "K=v cmd" puts the variable into the environment of cmd only
      sb.append(e.getKey()).append('=').append(quote(e.getValue())).append(' ');
    }
    if (cmd.script() != null) {
      if (cmd.env().isEmpty()) {
        sb.append(cmd.script());
      } else {
        sb.append("/bin/sh -c ").append(quote(cmd.script()));
      }
    } else {
      sb.append(join(cmd.argv()));
    }
    return sb.toString();
  }
}
