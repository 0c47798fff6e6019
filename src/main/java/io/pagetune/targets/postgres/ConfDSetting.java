package io.pagetune.targets.postgres;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.ShellQuote;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code pg_conf_method: conf.d}: one setting in {@code <config
 * dir>/conf.d/pagetune-hugepages.conf}, the way a DBA keeps local settings on Debian, whose
 * postgresql.conf ends with {@code include_dir 'conf.d'}. PostgreSQL reads the settings in order,
 * the last one winning: postgresql.conf up to the include_dir, the conf.d files by name, the rest
 * of postgresql.conf, then postgresql.auto.conf. So the file only persists the setting when
 * postgresql.conf includes conf.d and neither a later line of it nor a conf.d file sorting after
 * ours sets it again; postgresql.auto.conf, read last, is judged by the module.
 *
 * @param path the file pagetune writes
 * @param before its text now (empty when absent)
 * @param wanted its text with the setting
 * @param exists whether it exists now
 */
record ConfDSetting(String path, String before, String wanted, boolean exists) {
  static final String FILE = "pagetune-hugepages.conf";

  private static final Pattern INCLUDE_DIR =
      Pattern.compile("^\\s*include_dir\\s*=?\\s*'([^']*)'\\s*(#.*)?$");

  /** The conf.d file for {@code name = value}, or why conf.d cannot carry it (one line). */
  static Result plan(HostState host, String configDir, String name, String value) {
    String confPath = configDir + "/postgresql.conf";
    HostFiles.Text conf = HostFiles.read(host, confPath);
    if (conf.problem().isPresent()) {
      return Result.refused(conf.problem().get());
    }
    String confD = configDir + "/conf.d";
    String[] lines = conf.text().get().split("\n", -1);
    int include = -1;
    for (int i = 0; i < lines.length; i++) {
      Matcher m = INCLUDE_DIR.matcher(lines[i]);
      if (m.matches() && names(m.group(1), configDir, confD)) {
        include = i;
      }
    }
    if (include < 0) {
      return Result.refused(
          confPath
              + " has no include_dir 'conf.d': PostgreSQL would not read "
              + confD
              + "/"
              + FILE
              + " (add the include_dir, or use pg_conf_method: auto)");
    }
    for (int i = include + 1; i < lines.length; i++) {
      if (AutoConf.value(lines[i], name).isPresent()) {
        return Result.refused(
            confPath
                + ":"
                + (i + 1)
                + " sets "
                + name
                + " after include_dir 'conf.d', overriding "
                + confD
                + "/"
                + FILE);
      }
    }
    Optional<FileMeta> dir = host.stat(confD);
    if (dir.isEmpty() || dir.get().type() != FileMeta.Type.DIRECTORY) {
      return Result.refused(confD + " is not a directory: create it for the include_dir");
    }
    for (String hit : host.fact(settingsIn(confD, name))) {
      String file = hit.substring(0, hit.indexOf(':'));
      if (file.compareTo(FILE) > 0) {
        return Result.refused(
            confD + "/" + hit.strip() + ": read after " + FILE + ", it overrides " + name);
      }
    }
    String path = confD + "/" + FILE;
    HostFiles.Text now = HostFiles.readOrEmpty(host, path);
    if (now.problem().isPresent()) {
      return Result.refused(now.problem().get());
    }
    String wanted =
        "# Managed by pagetune (postgres_hugepages, pg_conf_method: conf.d); do not edit by"
            + " hand.\n"
            + name
            + " = "
            + value
            + "\n";
    return new Result(
        Optional.of(new ConfDSetting(path, now.text().get(), wanted, host.stat(path).isPresent())),
        Optional.empty());
  }

  /** The value the file now gives the setting, if any. */
  Optional<String> valueNow(String name) {
    return AutoConf.value(before, name);
  }

  private static boolean names(String include, String configDir, String confD) {
    String dir = include.endsWith("/") ? include.substring(0, include.length() - 1) : include;
    return dir.equals("conf.d") || dir.equals("./conf.d") || dir.equals(confD);
  }

  /**
   * The {@code <file>:<line>:<text>} lines of the {@code *.conf} files in {@code confD} that set
   * {@code name}: PostgreSQL reads only those, in name order.
   */
  static ScriptFact<List<String>> settingsIn(String confD, String name) {
    String script =
        "cd "
            + ShellQuote.quote(confD)
            + " 2>/dev/null || exit 0\n"
            + "for f in *.conf; do [ -f \"$f\" ] && grep -n -i -E "
            + ShellQuote.quote("^[[:space:]]*" + name + "([[:space:]]|=)")
            + " \"$f\" | sed \"s|^|$f:|\"; done; exit 0\n";
    return new ScriptFact<>(
        "postgres_confd_" + name + "_" + confD,
        script,
        r -> {
          List<String> out = new ArrayList<>();
          for (String l : r.stdout().split("\n")) {
            if (l.indexOf(':') > 0) {
              out.add(l);
            }
          }
          return List.copyOf(out);
        });
  }

  /** The file to write, or why not. */
  record Result(Optional<ConfDSetting> setting, Optional<String> refusal) {
    static Result refused(String why) {
      return new Result(Optional.empty(), Optional.of(why));
    }
  }
}
