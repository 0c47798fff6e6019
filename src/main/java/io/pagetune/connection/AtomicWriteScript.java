package io.pagetune.connection;

import java.util.Objects;

/**
 * A whole atomic write as one Bourne shell script, so that it costs one round trip: remove the temp
 * files a killed write of the target left, refuse a directory, take mode, owner and group from the
 * existing file where the caller gave none, create the temp file next to the target (private umask,
 * refused if the name is taken), write the content with {@link PrintfContent}, check its size and
 * POSIX {@code cksum} against the expected ones, set mode, owner and group, rename it over the
 * target and print the target's {@code cksum} for the caller to compare. On any failure, a signal
 * included, the exit trap removes the temp file and the target is left as it was.
 *
 * <p>Bourne syntax only (backquotes, no {@code $(...)}, no {@code ${x#y}}, {@code set -C} only
 * where the shell has it), for Solaris 10's {@code /bin/sh}, AIX ksh and IBM i PASE. The script
 * reads nothing from its standard input, so a shell may read the script itself from there.
 *
 * @param tmp the temp file: next to {@code path}, named by {@link TempNames} with a random suffix
 * @param expected what the content's {@code cksum} must be (the caller's, computed in Java)
 */
public record AtomicWriteScript(
    byte[] content,
    String path,
    String tmp,
    Integer mode,
    String owner,
    String group,
    PosixCksum expected) {
  /** Exit status: the target is a directory. */
  public static final int IS_DIRECTORY = 3;

  /** Exit status: the temp file's name was taken. */
  public static final int TEMP_TAKEN = 4;

  /** Exit status: the temp file does not hold the expected bytes; the target was not touched. */
  public static final int CONTENT_DIFFERS = 5;

  /** The line before the target's {@code cksum} on stdout once it is in place. */
  public static final String READ_BACK = "pagetune-read-back";

  private static final int DEFAULT_MODE = 0644;

  public AtomicWriteScript {
    Objects.requireNonNull(content);
    Objects.requireNonNull(path);
    Objects.requireNonNull(tmp);
    Objects.requireNonNull(expected);
  }

  /**
   * The script for {@code content} with its own checksum and a fresh temp name from {@code hex}.
   */
  public static AtomicWriteScript of(
      byte[] content, String path, Integer mode, String owner, String group, String hex) {
    int slash = path.lastIndexOf('/');
    String dir = path.substring(0, slash + 1);
    String tmp = dir + new TempNames(path.substring(slash + 1)).next(hex);
    return new AtomicWriteScript(content, path, tmp, mode, owner, group, PosixCksum.of(content));
  }

  public String text() {
    StringBuilder s = new StringBuilder(64 * 1024);
    // one compound command: the shell reads all of it before it runs any (a script cut short runs
    // nothing), then gives its commands /dev/null, not the rest of its own input. Not "{ } <file":
    // Solaris 10's sh runs a redirected group in a subshell, whose exit would skip the trap
    s.append("{\nexec </dev/null\n");
    s.append("t=").append(ShellQuote.quote(tmp)).append("; p=").append(ShellQuote.quote(path));
    s.append('\n');
    s.append("trap '[ -z \"$t\" ] || rm -f -- \"$t\"' 0\ntrap 'exit 1' 1 2 13 15\numask 077\n");
    // temp files a killed write of this target left behind
    s.append(StaleTemps.removal(path));
    s.append("if [ -d \"$p\" ] && [ ! -h \"$p\" ]; then exit ")
        .append(IS_DIRECTORY)
        .append("; fi\n");
    s.append("m=").append(mode == null ? "" : String.format("%04o", mode & 07777));
    s.append("; o=").append(owner == null ? "" : ShellQuote.quote(owner));
    s.append("; g=").append(group == null ? "" : ShellQuote.quote(group)).append('\n');
    if (mode == null || owner == null || group == null) {
      // what the caller left open is the existing file's, as a stat before the write would give
      s.append("if [ -h \"$p\" ] || [ -e \"$p\" ]; then\n  ").append(LsFields.read("\"$p\""));
      s.append('\n');
      if (mode == null) {
        s.append("  ").append(LsFields.modeInto("m")).append('\n');
      }
      if (owner == null) {
        s.append("  o=$3\n");
      }
      if (group == null) {
        s.append("  g=$4\n");
      }
      s.append("fi\n");
      s.append("[ -n \"$m\" ] || m=").append(String.format("%04o", DEFAULT_MODE)).append('\n');
    }
    s.append("if [ -h \"$t\" ] || [ -e \"$t\" ]; then exit ").append(TEMP_TAKEN).append("; fi\n");
    // noclobber makes the create exclusive where the shell has it; Solaris 10's sh has not, and
    // there the random name, checked just above, is what keeps it private
    s.append("(set -C) 2>/dev/null && set -C\n");
    if (content.length == 0) {
      s.append(": > \"$t\" || exit 1\n");
    } else {
      s.append("{\n");
      PrintfContent.lines(content).forEach(s::append);
      s.append("} > \"$t\" || exit 1\n");
    }
    s.append("set -- `cksum < \"$t\"`\n");
    s.append("[ \"$1 $2\" = ").append(ShellQuote.quote(expected.text())).append(" ] || { ");
    s.append("echo \"pagetune: the temp file holds cksum $1 $2, not ")
        .append(expected.text())
        .append("\" >&2; exit ")
        .append(CONTENT_DIFFERS)
        .append("; }\n");
    s.append("chmod \"$m\" \"$t\" || exit 1\n");
    // chown/chgrp only when they differ, so that a writer who is not root keeps working
    s.append("if [ -n \"$o$g\" ]; then ").append(LsFields.read("\"$t\"")).append('\n');
    s.append(
        "  if [ -n \"$o\" ] && [ \"$3\" != \"$o\" ]; then chown \"$o\" \"$t\" || exit 1; fi\n");
    s.append(
        "  if [ -n \"$g\" ] && [ \"$4\" != \"$g\" ]; then chgrp \"$g\" \"$t\" || exit 1; fi\n");
    s.append("fi\n");
    s.append("mv -f -- \"$t\" \"$p\" || exit 1\nt=\n");
    s.append("set -- `cksum < \"$p\"`\necho ").append(READ_BACK).append(" \"$1 $2\"\n");
    s.append("exit 0\n}\n");
    return s.toString();
  }

  /** Whether the script's stdout shows the target holding the expected bytes. */
  public boolean readBackMatches(String stdout) {
    return stdout.lines().anyMatch(l -> l.strip().equals(READ_BACK + " " + expected.text()));
  }
}
