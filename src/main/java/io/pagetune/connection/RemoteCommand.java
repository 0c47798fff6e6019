package io.pagetune.connection;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A command for a host: either an argv (every element quoted) or a shell script (the {@code shell}
 * module, fact scripts), plus become, environment, working directory and stdin. It becomes one
 * shell string only in {@link ShellQuote#render}.
 */
public record RemoteCommand(
    List<String> argv,
    String script,
    Become become,
    Map<String, String> env,
    String chdir,
    String stdin) {

  public RemoteCommand {
    argv = argv == null ? List.of() : List.copyOf(argv);
    become = become == null ? Become.NONE : become;
    env = env == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
    if (argv.isEmpty() == (script == null)) {
      throw new IllegalArgumentException("a command has either argv or a script");
    }
  }

  public static RemoteCommand argv(String... argv) {
    return new RemoteCommand(List.of(argv), null, Become.NONE, Map.of(), null, null);
  }

  public static RemoteCommand argv(List<String> argv) {
    return new RemoteCommand(argv, null, Become.NONE, Map.of(), null, null);
  }

  public static RemoteCommand script(String script) {
    return new RemoteCommand(
        null, Objects.requireNonNull(script), Become.NONE, Map.of(), null, null);
  }

  public RemoteCommand withBecome(Become b) {
    return new RemoteCommand(argv, script, b, env, chdir, stdin);
  }

  /** Applies the task's become unless the command already chose one. */
  public RemoteCommand withDefaultBecome(Become b) {
    return become.enabled() ? this : withBecome(b);
  }

  public RemoteCommand withEnv(Map<String, String> extra) {
    Map<String, String> merged = new LinkedHashMap<>(env);
    merged.putAll(extra);
    return new RemoteCommand(argv, script, become, merged, chdir, stdin);
  }

  public RemoteCommand withChdir(String dir) {
    return new RemoteCommand(argv, script, become, env, dir, stdin);
  }

  public RemoteCommand withStdin(String input) {
    return new RemoteCommand(argv, script, become, env, chdir, input);
  }

  /** What a person reads in a report: the argv joined, or the script. Never includes stdin. */
  public String display() {
    return script != null ? script : String.join(" ", argv);
  }

  /** A command as a one-line message shows it: its first line, at most 80 characters. */
  public static String oneLine(String display) {
    String first = display.strip();
    int nl = first.indexOf('\n');
    boolean cut = nl >= 0;
    if (cut) {
      first = first.substring(0, nl).strip();
    }
    if (first.length() > 80) {
      first = first.substring(0, 77);
      cut = true;
    }
    return cut ? first + "..." : first;
  }
}
