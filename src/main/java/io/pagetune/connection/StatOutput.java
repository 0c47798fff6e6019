package io.pagetune.connection;

import java.util.Optional;

/**
 * The shell scripts of reads and stats that every transport runs through a shell, and what they
 * print: a read script's bytes or its missing-file marker; {@code stat -c '%F|%a|%U|%G|%s'} (GNU)
 * or, where that is missing (AIX, Solaris), one {@code ls -ld} line.
 */
public final class StatOutput {
  public static final String MISSING = "pagetune-missing";

  /** The exit status of a read script whose file does not exist. */
  private static final int READ_MISSING = 44;

  private StatOutput() {}

  /** A script that prints the file's bytes, or says (status and marker) that it does not exist. */
  public static String readScript(String quotedPath) {
    return "if [ -e "
        + quotedPath
        + " ]; then exec cat -- "
        + quotedPath
        + "; else echo "
        + MISSING
        + " >&2; exit "
        + READ_MISSING
        + "; fi";
  }

  /** Whether a read script's status and stderr say the file does not exist. */
  public static boolean isMissing(int exitCode, String stderr) {
    return exitCode == READ_MISSING && stderr.contains(MISSING);
  }

  /** The script for one path: a marker when it does not exist, else stat or ls output. */
  public static String script(String quotedPath) {
    return "if [ ! -e "
        + quotedPath
        + " ] && [ ! -h "
        + quotedPath
        + " ]; then echo "
        + MISSING
        + "; exit 0; fi\n"
        + "stat -c '%F|%a|%U|%G|%s' -- "
        + quotedPath
        + " 2>/dev/null || ls -ld -- "
        + quotedPath
        + "\n";
  }

  public static Optional<FileMeta> parse(String path, String output) {
    String line = output.strip();
    if (line.equals(MISSING)) {
      return Optional.empty();
    }
    String[] f = line.split("\\|", -1);
    if (f.length == 5) {
      return Optional.of(
          new FileMeta(
              path, typeOfStat(f[0]), Integer.parseInt(f[1], 8), f[2], f[3], Long.parseLong(f[4])));
    }
    return Optional.of(parseLs(path, line));
  }

  private static FileMeta.Type typeOfStat(String t) {
    if (t.contains("regular")) {
      return FileMeta.Type.FILE;
    }
    if (t.equals("directory")) {
      return FileMeta.Type.DIRECTORY;
    }
    if (t.equals("symbolic link")) {
      return FileMeta.Type.SYMLINK;
    }
    return FileMeta.Type.OTHER;
  }

  /** {@code -rwxr-sr-x+ 1 owner group 1234 Jan 1 10:00 name}. */
  static FileMeta parseLs(String path, String line) {
    String[] w = line.trim().split("\\s+");
    if (w.length < 5 || w[0].length() < 10) {
      throw new IllegalArgumentException("cannot parse ls -ld output: " + line);
    }
    String perms = w[0];
    FileMeta.Type type;
    switch (perms.charAt(0)) {
      case '-':
        type = FileMeta.Type.FILE;
        break;
      case 'd':
        type = FileMeta.Type.DIRECTORY;
        break;
      case 'l':
        type = FileMeta.Type.SYMLINK;
        break;
      default:
        type = FileMeta.Type.OTHER;
    }
    return new FileMeta(path, type, modeOf(perms), w[2], w[3], Long.parseLong(w[4]));
  }

  private static int modeOf(String p) {
    int mode = 0;
    int[] bits = {0400, 0200, 0100, 040, 020, 010, 04, 02, 01};
    for (int i = 0; i < 9; i++) {
      char c = p.charAt(i + 1);
      if (c != '-' && c != 'S' && c != 'T') {
        mode |= bits[i];
      }
    }
    char u = p.charAt(3);
    char g = p.charAt(6);
    char o = p.charAt(9);
    if (u == 's' || u == 'S') {
      mode |= 04000;
    }
    if (g == 's' || g == 'S') {
      mode |= 02000;
    }
    if (o == 't' || o == 'T') {
      mode |= 01000;
    }
    return mode;
  }
}
