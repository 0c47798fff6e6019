package io.pagetune.targets.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Server options given on a command line (PostgreSQL docs §20.1.4, and the postgres reference
 * page): {@code -c name=value} and {@code --name=value} set any parameter, {@code -B}, {@code -N}
 * and {@code -p} set shared_buffers, max_connections and port; they win over both configuration
 * files. pg_ctl passes its {@code -o "<options>"} to the server, which is how Debian's {@code
 * pg_ctl.conf} ({@code pg_ctl_options = '-o "-c huge_pages=off"'}) and a unit running pg_ctl give
 * them.
 */
final class PgCommandLine {
  private static final Map<String, String> SHORT =
      Map.of("-B", "shared_buffers", "-N", "max_connections", "-p", "port");

  private PgCommandLine() {}

  /**
   * The settings in {@code argv} (its program first: {@code postgres}, {@code postmaster} or {@code
   * pg_ctl}), each with {@code source}.
   */
  static List<PgSetting> settings(List<String> argv, String source) {
    if (argv.isEmpty()) {
      return List.of();
    }
    String program = argv.get(0).substring(argv.get(0).lastIndexOf('/') + 1);
    List<String> args = argv.subList(1, argv.size());
    return program.equals("pg_ctl") ? pgCtlOptions(args, source) : serverOptions(args, source);
  }

  /** The server options inside pg_ctl's {@code -o}/{@code --options} arguments. */
  static List<PgSetting> pgCtlOptions(List<String> args, String source) {
    List<PgSetting> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      Optional<String> opts = Optional.empty();
      if ((a.equals("-o") || a.equals("--options")) && i + 1 < args.size()) {
        opts = Optional.of(args.get(++i));
      } else if (a.startsWith("--options=")) {
        opts = Optional.of(a.substring("--options=".length()));
      } else if (a.startsWith("-o") && a.length() > 2) {
        opts = Optional.of(a.substring(2));
      }
      opts.ifPresent(o -> out.addAll(serverOptions(words(o), source)));
    }
    return out;
  }

  /** {@code -c name=value}, {@code --name=value}, {@code -B n}, {@code -N n}, {@code -p n}. */
  static List<PgSetting> serverOptions(List<String> args, String source) {
    List<PgSetting> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String assignment = null;
      if (a.equals("-c") && i + 1 < args.size()) {
        assignment = args.get(++i);
      } else if (a.startsWith("-c") && a.length() > 2) {
        assignment = a.substring(2);
      } else if (a.startsWith("--") && a.indexOf('=') > 2) {
        // the server reads --max-connections=5 as max_connections
        int eq = a.indexOf('=');
        assignment = a.substring(2, eq).replace('-', '_') + a.substring(eq);
      } else if (SHORT.containsKey(a) && i + 1 < args.size()) {
        out.add(new PgSetting(SHORT.get(a), args.get(++i), source + " (" + a + ")"));
      } else if (a.length() > 2 && SHORT.containsKey(a.substring(0, 2))) {
        out.add(
            new PgSetting(SHORT.get(a.substring(0, 2)), a.substring(2), source + " (" + a + ")"));
      }
      int eq = assignment == null ? -1 : assignment.indexOf('=');
      if (eq > 0) {
        String name = assignment.substring(0, eq).strip().toLowerCase(Locale.ROOT);
        String value = assignment.substring(eq + 1);
        out.add(new PgSetting(name, value, source + " (-c " + name + "=" + value + ")"));
      }
    }
    return out;
  }

  /** Words as a shell splits them: blanks separate, single and double quotes group. */
  static List<String> words(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else if (c == '\\' && quote == '"' && i + 1 < line.length()) {
          w.append(line.charAt(++i));
        } else {
          w.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) {
          out.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else {
        if (c == '\\' && i + 1 < line.length()) {
          c = line.charAt(++i);
        }
        w.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      out.add(w.toString());
    }
    return out;
  }

  /**
   * The server options of Debian's {@code pg_ctl.conf}: its {@code pg_ctl_options} are pg_ctl's,
   * whose {@code -o} reaches the server.
   */
  static List<PgSetting> fromPgCtlConf(String text, String path) {
    List<PgSetting> out = List.of();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Optional<PgConfLine> a = PgConfLine.parse(lines[i]).assignment();
      if (a.isPresent() && a.get().name().equals("pg_ctl_options")) {
        out = pgCtlOptions(words(a.get().value()), path + ":" + (i + 1));
      }
    }
    return out;
  }
}
