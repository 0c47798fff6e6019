package io.pagetune.facts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code ansible_env}: the environment a command of the fact gathering sees (Ansible's is its
 * module's process environment), from {@code env -0} where the host's {@code env} has it (a value
 * may hold a newline), else {@code env} line by line, a line without {@code =} continuing the last
 * value.
 */
final class HostEnvironment {
  static final String SCRIPT = "env -0 2>/dev/null || env";

  static final Fact<String> FACT = new SimpleFact<>("env", SCRIPT, r -> r.stdout());

  private HostEnvironment() {}

  static Map<String, Object> parse(String out) {
    Map<String, Object> env = new TreeMap<>();
    if (out == null) {
      return env;
    }
    boolean nul = out.indexOf('\0') >= 0;
    String last = null;
    for (String entry : out.split(nul ? "\0" : "\n")) {
      int eq = entry.indexOf('=');
      if (eq > 0 && entry.substring(0, eq).matches("[A-Za-z_][A-Za-z0-9_]*")) {
        last = entry.substring(0, eq);
        env.put(last, entry.substring(eq + 1));
      } else if (!nul && last != null) {
        env.put(last, env.get(last) + "\n" + entry);
      }
    }
    return new LinkedHashMap<>(env);
  }
}
