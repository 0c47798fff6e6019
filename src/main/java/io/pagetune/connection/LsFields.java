package io.pagetune.connection;

/**
 * Shell fragments that read a file's mode, owner and group from one {@code ls -ld} line in the
 * shell itself: the line's words become the positional parameters, and the mode's octal digits come
 * from {@code case} patterns on its permission string. One {@code ls} per file, where a pipeline
 * into {@code awk} per field would start three processes each time: on a fleet every process a
 * write starts is paid on every host.
 *
 * <p>Bourne syntax only (backquotes, {@code set -f}, {@code case}; no arithmetic), for Solaris 10's
 * {@code /bin/sh}, AIX ksh and IBM i PASE. The permission string is the ten characters POSIX {@code
 * ls -l} prints (type, then {@code rwx} three times, {@code s}/{@code S} and {@code t}/{@code T} in
 * the execute places for the set-id and sticky bits, and Solaris' {@code l} for set-group-ID
 * without group execute, its mandatory locking), possibly followed by an ACL or security context
 * mark ({@code +}, {@code @}, {@code .}), which the patterns ignore.
 */
public final class LsFields {
  private LsFields() {}

  /**
   * Sets {@code $1} (permissions), {@code $3} (owner) and {@code $4} (group) from {@code ls -ld} of
   * the quoted path expression {@code path}. Pathname expansion is off meanwhile, so that no word
   * of the line is taken for a pattern. Its status is {@code set}'s: the caller tests the file
   * first.
   */
  public static String read(String path) {
    return "set -f; set -- `ls -ld -- " + path + "`; set +f";
  }

  /**
   * Sets {@code var} to the four octal digits of the permission string in {@code $1} (as {@link
   * #read} left it), e.g. {@code 3751} for {@code -rwxr-s--t}.
   */
  public static String modeInto(String var) {
    return "case $1 in "
        + special()
        + "*) pt_ms=0;; esac; "
        + digit("pt_mu", 1, "[xs]", "[-S]")
        + digit("pt_mg", 4, "[xs]", "[-Sl]")
        + digit("pt_mo", 7, "[xt]", "[-T]")
        + var
        + "=$pt_ms$pt_mu$pt_mg$pt_mo";
  }

  /** The set-user-ID (4), set-group-ID (2) and sticky (1) bits, from the three execute places. */
  private static String special() {
    StringBuilder s = new StringBuilder();
    for (int bits = 7; bits > 0; bits--) {
      s.append("???").append((bits & 4) != 0 ? "[sS]" : "?");
      s.append("??").append((bits & 2) != 0 ? "[sSl]" : "?");
      s.append("??").append((bits & 1) != 0 ? "[tT]" : "?");
      s.append("*) pt_ms=").append(bits).append(";; ");
    }
    return s.toString().replaceAll("\\?+\\*\\)", "*)");
  }

  /**
   * One permission triplet starting at {@code offset}: read (4), write (2) and execute (1), where
   * {@code exec} are the marks of a set execute bit and {@code noExec} those of a clear one.
   */
  private static String digit(String var, int offset, String exec, String noExec) {
    StringBuilder s = new StringBuilder("case $1 in ");
    String before = "?".repeat(offset);
    for (int d = 7; d > 0; d--) {
      s.append(before)
          .append((d & 4) != 0 ? 'r' : '-')
          .append((d & 2) != 0 ? 'w' : '-')
          .append((d & 1) != 0 ? exec : noExec)
          .append("*) ")
          .append(var)
          .append('=')
          .append(d)
          .append(";; ");
    }
    return s.append("*) ").append(var).append("=0;; esac; ").toString();
  }
}
