package io.pagetune.connection;

import java.util.ArrayList;
import java.util.List;

/**
 * File content as {@code printf} commands for a shell script: each a single-quoted format string in
 * which printable ASCII stands for itself and every other byte, and {@code %}, {@code \} and {@code
 * '}, is a three-digit octal escape. Three digits always, so a digit that follows is never read as
 * part of the escape; a leading {@code -} is escaped too, so no {@code printf} takes the format for
 * an option. Each command covers at most {@link #CHUNK} bytes, so its argument stays within 16 KB
 * even where {@code printf} is not a builtin (Solaris 10, old AIX argument limits).
 */
public final class PrintfContent {
  /** Bytes of content per printf command. */
  public static final int CHUNK = 4096;

  private PrintfContent() {}

  /** One line per chunk, each ending in a newline; none for empty content. */
  public static List<String> lines(byte[] content) {
    List<String> lines = new ArrayList<>();
    for (int off = 0; off < content.length; off += CHUNK) {
      int end = Math.min(content.length, off + CHUNK);
      StringBuilder s = new StringBuilder(8 + 4 * (end - off));
      s.append("printf '");
      for (int i = off; i < end; i++) {
        int b = content[i] & 0xff;
        if (literal(b) && !(i == off && b == '-')) {
          s.append((char) b);
        } else {
          s.append('\\')
              .append((char) ('0' + (b >> 6)))
              .append((char) ('0' + ((b >> 3) & 7)))
              .append((char) ('0' + (b & 7)));
        }
      }
      lines.add(s.append("'\n").toString());
    }
    return lines;
  }

  private static boolean literal(int b) {
    return b >= 0x20 && b < 0x7f && b != '%' && b != '\\' && b != '\'';
  }
}
