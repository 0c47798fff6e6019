package io.pagetune.connection;

/**
 * The one shell fragment that puts a written temp file in place, shared by every write that goes
 * through a shell (local become, SSH become, SSH without SFTP): check that the temp file holds
 * every byte, optionally copy a staged file into it first, set mode, owner and group (chown/chgrp
 * only when they differ, so a non-root writer keeps working), then rename it over the target in the
 * same directory. The fragment is an {@code &&} chain, so the caller decides what a failure does;
 * with an owner or group it sets the positional parameters (one {@code ls -ld} of the temp file).
 */
public final class AtomicInstall {
  private AtomicInstall() {}

  /**
   * The chain for temp file {@code "$t"}; with {@code fromStage} the length is checked on {@code
   * "$s"} and it is copied to {@code "$t"} first.
   */
  public static String chain(
      int length, boolean fromStage, int mode, String owner, String group, String path) {
    String checked = fromStage ? "$s" : "$t";
    StringBuilder s = new StringBuilder();
    // backquotes into a variable, not "$(...)": Solaris 10's Bourne shell has no $(...), and
    // double quotes nested in backquotes in double quotes are undefined there
    s.append("pt_n=`wc -c < \"").append(checked).append("\" | tr -d ' '`");
    s.append(" && [ \"$pt_n\" = ").append(length).append(" ]");
    if (fromStage) {
      s.append(" && cp -- \"$s\" \"$t\"");
    }
    s.append(" && chmod ").append(String.format("%04o", mode)).append(" \"$t\"");
    if (owner != null || group != null) {
      s.append(" && { ").append(LsFields.read("\"$t\"")).append("; }");
    }
    if (owner != null) {
      String o = ShellQuote.quote(owner);
      s.append(" && { [ \"$3\" = ").append(o).append(" ] || chown ").append(o).append(" \"$t\"; }");
    }
    if (group != null) {
      String g = ShellQuote.quote(group);
      s.append(" && { [ \"$4\" = ").append(g).append(" ] || chgrp ").append(g).append(" \"$t\"; }");
    }
    s.append(" && mv -f -- \"$t\" ").append(ShellQuote.quote(path));
    return s.toString();
  }
}
