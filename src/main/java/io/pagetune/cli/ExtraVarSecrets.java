package io.pagetune.cli;

import io.pagetune.plan.SecretVars;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The secret values among extra vars: every value under a key that names a secret ({@link
 * SecretVars#isSecret}), at the top level or nested in a map or list, with everything below such a
 * key. The CLI's output hides them.
 */
final class ExtraVarSecrets {
  private ExtraVarSecrets() {}

  static List<String> values(Map<String, Object> extraVars) {
    List<String> out = new ArrayList<>();
    walk(extraVars, false, out);
    return out;
  }

  private static void walk(Object value, boolean secret, List<String> out) {
    if (value instanceof Map<?, ?> m) {
      m.forEach((k, v) -> walk(v, secret || SecretVars.isSecret(String.valueOf(k)), out));
    } else if (value instanceof List<?> l) {
      l.forEach(v -> walk(v, secret, out));
    } else if (secret && value != null) {
      out.add(String.valueOf(value));
    }
  }
}
