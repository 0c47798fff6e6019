package io.pagetune.targets.postgres;

import io.pagetune.connection.ShellQuote;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The files an {@code include_dir} reads (PostgreSQL docs §20.1.5): the non-directory entries whose
 * names end in {@code .conf}, hidden ones skipped, by name. Empty when the directory is missing,
 * which the server refuses.
 */
final class PgConfDir {
  private static final String MISSING = "--no-directory--";

  private PgConfDir() {}

  static ScriptFact<Optional<List<String>>> fact(String dir) {
    String script =
        "d="
            + ShellQuote.quote(dir)
            + "\n"
            + "if [ ! -d \"$d\" ]; then echo '"
            + MISSING
            + "'; exit 0; fi\n"
            // the glob skips names starting with a dot, as the server does
            + "for f in \"$d\"/*.conf; do [ -f \"$f\" ] && printf '%s\\n' \"${f##*/}\"; done; exit 0\n";
    return new ScriptFact<>("postgres_conf_dir_" + dir, script, r -> parse(r.stdout()));
  }

  static Optional<List<String>> parse(String out) {
    List<String> names = new ArrayList<>();
    for (String l : out.split("\n")) {
      if (l.equals(MISSING)) {
        return Optional.empty();
      }
      if (l.endsWith(".conf") && !l.startsWith(".") && !l.contains("/")) {
        names.add(l);
      }
    }
    return Optional.of(List.copyOf(names));
  }
}
