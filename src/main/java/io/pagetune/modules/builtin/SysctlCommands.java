package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Step;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The {@code sysctl -w} and {@code sysctl -p} a sysctl task runs, judged as ansible.posix.sysctl
 * judges them: in the C locale, failed on a non-zero exit and also on an exit 0 whose stderr says
 * the kernel refused a key ({@code sysctl: setting key "…": Invalid argument} or {@code Read-only
 * file system}), which sysctl reports without failing; the message is the module's, with everything
 * the command printed.
 */
final class SysctlCommands {
  /** ansible.posix.sysctl runs sysctl in the C locale, so that its stderr can be matched. */
  static final Map<String, String> C_LOCALE = cLocale();

  private static final Pattern REFUSED_KEY =
      Pattern.compile(
          "^sysctl: setting key \"[^\"]+\": (Invalid argument|Read-only file system)$",
          Pattern.MULTILINE | Pattern.UNIX_LINES);

  private SysctlCommands() {}

  /** In a fixed order, so that a command renders the same in every plan. */
  private static Map<String, String> cLocale() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("LANG", "C");
    env.put("LC_ALL", "C");
    env.put("LC_MESSAGES", "C");
    return Collections.unmodifiableMap(env);
  }

  /** {@code sysctl [-e] -w NAME=VALUE}, failing as "setting NAME failed: OUTPUT". */
  static List<Step> set(String name, String value, boolean ignoreErrors) {
    List<String> argv = sysctl(ignoreErrors);
    argv.addAll(List.of("-w", name + "=" + value));
    return judged(argv, "set " + name + " to " + value, "setting " + name + " failed: ");
  }

  /** {@code sysctl [-e] -p FILE}, failing as "Failed to reload sysctl: OUTPUT". */
  static List<Step> reload(String file, boolean ignoreErrors) {
    List<String> argv = sysctl(ignoreErrors);
    argv.addAll(List.of("-p", file));
    return judged(argv, "load " + file + " into the kernel", "Failed to reload sysctl: ");
  }

  private static List<String> sysctl(boolean ignoreErrors) {
    List<String> argv = new ArrayList<>(List.of("sysctl"));
    if (ignoreErrors) {
      argv.add("-e");
    }
    return argv;
  }

  /** The command (its exit status judged by the read-back after it) and that read-back. */
  private static List<Step> judged(List<String> argv, String description, String failure) {
    Step.Exec run =
        new Step.Exec(RemoteCommand.argv(argv).withEnv(C_LOCALE), description, null, true);
    Step.ReadBack judge =
        Step.ReadBack.of(
            "judge " + description,
            (result, host) -> {
              CommandResult r = result.commands().get(result.commands().size() - 1);
              return failed(r) ? result.withFailure(failure + r.stdout() + r.stderr()) : result;
            });
    return List.of(run, judge);
  }

  static boolean failed(CommandResult r) {
    return !r.ok() || REFUSED_KEY.matcher(r.stderr()).find();
  }
}
