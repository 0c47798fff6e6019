package io.pagetune.cli.table;

import java.util.Map;

/**
 * How wide text tables may be: {@code COLUMNS} when set, else the terminal's width when output goes
 * to one, else unlimited (a pipe or a log file keeps every character for grep).
 */
public final class TerminalWidth {
  static final int FALLBACK = 80;

  private TerminalWidth() {}

  public static int of(Map<String, String> env, boolean terminal) {
    String columns = env.get("COLUMNS");
    if (columns != null && columns.matches("\\d{1,5}") && Integer.parseInt(columns) > 0) {
      return Integer.parseInt(columns);
    }
    return terminal ? ttyColumns() : Integer.MAX_VALUE;
  }

  /** Asks the terminal itself ({@code stty size} on /dev/tty); 80 when it cannot say. */
  private static int ttyColumns() {
    try {
      Process p =
          io.pagetune.connection.ChildProcesses.builder(java.util.List.of("stty", "size"))
              .redirectInput(new java.io.File("/dev/tty"))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out =
          new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
              .trim();
      p.waitFor();
      String[] parts = out.split("\\s+");
      if (parts.length == 2 && parts[1].matches("\\d+") && Integer.parseInt(parts[1]) > 0) {
        return Integer.parseInt(parts[1]);
      }
    } catch (java.io.IOException e) {
      // no stty or no tty: the fallback below
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return FALLBACK;
  }
}
