package io.pagetune.targets.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses {@code pg_lsclusters} (postgresql-common on Debian/Ubuntu): a header line, then one line
 * per cluster with version, name, port, status, owner, data directory and log file separated by
 * runs of spaces. The status may carry a suffix ({@code online,recovery}); the log file may be
 * missing when the cluster logs through its own {@code log_directory}.
 */
final class PgLsClusters {
  private static final Pattern LINE =
      Pattern.compile(
          "^(\\d+(?:\\.\\d+)?)\\s+(\\S+)\\s+(\\d+)\\s+(\\S+)\\s+(\\S+)\\s+(/\\S*)(?:\\s+(\\S+))?\\s*$");

  private PgLsClusters() {}

  public static List<PgCluster> parse(String output) {
    List<PgCluster> out = new ArrayList<>();
    for (String line : output.split("\n", -1)) {
      // pg_lsclusters colours the status on a terminal; a captured run has no escapes, but strip
      String plain = line.replaceAll("\u001B\\[[0-9;]*m", "").strip();
      Matcher m = LINE.matcher(plain);
      if (m.matches()) {
        out.add(
            new PgCluster(
                m.group(1),
                m.group(2),
                Integer.parseInt(m.group(3)),
                m.group(4),
                m.group(5),
                m.group(6),
                m.group(7) == null ? "" : m.group(7)));
      }
    }
    return List.copyOf(out);
  }
}
