package io.pagetune.report;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Prints each host's result of {@code pagetune adhoc} as Ansible's {@code ansible} does (its {@code
 * minimal} callback, or {@code oneline} with {@code -o}): {@code web1 | SUCCESS => {…}}, {@code
 * CHANGED}, {@code FAILED!}, {@code UNREACHABLE!}, {@code SKIPPED}; {@code command} and {@code
 * shell} as {@code web1 | CHANGED | rc=0 >>} followed by what the command printed. There is no
 * recap.
 */
public final class AdhocReporter implements RunListener {
  /** The modules whose output Ansible shows as text rather than JSON. */
  private static final Set<String> TEXT_MODULES = Set.of("command", "shell");

  /** Bookkeeping keys of a result that Ansible's callbacks never print. */
  private static final Set<String> HIDDEN = Set.of("failed", "skipped", "invocation");

  private final PrintStream out;
  private final PrintStream err;
  private final boolean textOutput;
  private final boolean oneLine;

  /**
   * @param module the module's name as registered ({@code shell}, not {@code
   *     ansible.builtin.shell})
   */
  public AdhocReporter(PrintStream out, PrintStream err, String module, boolean oneLine) {
    this.out = out;
    this.err = err;
    this.textOutput = TEXT_MODULES.contains(module);
    this.oneLine = oneLine;
  }

  @Override
  public void warning(String message) {
    err.println("[WARNING]: " + message);
  }

  @Override
  public void hostResult(TaskOutcome o) {
    String host = o.host();
    Map<String, Object> result = shown(o);
    switch (o.status()) {
      case SKIPPED -> out.println(host + " | SKIPPED");
      case UNREACHABLE -> unreachable(host, o);
      case FAILED -> failed(host, result);
      case OK, CHANGED -> ok(host, o.status() == Status.CHANGED ? "CHANGED" : "SUCCESS", result);
    }
  }

  private void ok(String host, String state, Map<String, Object> result) {
    if (textOutput) {
      out.println(commandText(host, state, result));
    } else {
      out.println(host + " | " + state + " => " + json(result));
    }
  }

  private void failed(String host, Map<String, Object> result) {
    // the oneline callback shows every failure as JSON; minimal shows a command's as text
    if (textOutput && !oneLine) {
      out.println(commandText(host, "FAILED", result));
    } else {
      out.println(host + " | FAILED! => " + json(result));
    }
  }

  private void unreachable(String host, TaskOutcome o) {
    String msg = o.message() == null ? "" : o.message();
    if (oneLine) {
      out.println(host + " | UNREACHABLE!: " + msg);
      return;
    }
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("changed", false);
    result.put("msg", msg);
    result.put("unreachable", true);
    out.println(host + " | UNREACHABLE! => " + json(result));
  }

  private String commandText(String host, String state, Map<String, Object> result) {
    Object rc = result.getOrDefault("rc", -1);
    String stdout = text(result, "stdout");
    String stderr = text(result, "stderr");
    if (oneLine) {
      String line = host + " | " + state + " | rc=" + rc + " | (stdout) " + escaped(stdout);
      return stderr.isEmpty() ? line : line + " (stderr) " + escaped(stderr);
    }
    // Ansible's minimal callback: stdout, stderr and msg run together after the header
    return host + " | " + state + " | rc=" + rc + " >>\n" + stdout + stderr + text(result, "msg");
  }

  private String json(Map<String, Object> result) {
    return oneLine ? AnsibleJson.oneLine(result) : AnsibleJson.pretty(result);
  }

  /** The result Ansible would print: its own keys, a failure's message as {@code msg}. */
  private static Map<String, Object> shown(TaskOutcome o) {
    Map<String, Object> result = new LinkedHashMap<>();
    o.result()
        .forEach(
            (k, v) -> {
              if (!k.startsWith("_ansible_") && !HIDDEN.contains(k)) {
                result.put(k, v);
              }
            });
    result.putIfAbsent("changed", o.status() == Status.CHANGED);
    if (o.status() == Status.FAILED && o.message() != null) {
      result.putIfAbsent("msg", o.message());
    }
    return result;
  }

  private static String text(Map<String, Object> result, String key) {
    Object v = result.get(key);
    return v == null ? "" : String.valueOf(v);
  }

  private static String escaped(String s) {
    return s.replace("\n", "\\n").replace("\r", "\\r");
  }
}
