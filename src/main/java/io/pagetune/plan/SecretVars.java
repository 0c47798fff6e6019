package io.pagetune.plan;

import io.pagetune.error.InputException;
import io.pagetune.state.Sha256;
import io.pagetune.yaml.SourceLocation;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Extra vars in a plan: a value under a key that names a secret ({@code *password*}, {@code
 * *token*}, …) is kept as its hash only, and {@code apply} takes it again from {@code -e} and
 * checks it against that hash.
 */
public final class SecretVars {
  private static final Pattern SECRET =
      Pattern.compile(
          "(?i).*(password|passwd|passphrase|secret|token|api_?key|private_?key|credential).*");
  private static final String MARK = "secret sha256:";

  private SecretVars() {}

  public static boolean isSecret(String key) {
    return SECRET.matcher(key).matches();
  }

  /** The extra vars as the plan keeps them. */
  public static Map<String, Object> hashed(Map<String, Object> extraVars) {
    Map<String, Object> out = new LinkedHashMap<>();
    extraVars.forEach((k, v) -> out.put(k, isSecret(k) ? MARK + hash(v) : v));
    return out;
  }

  /**
   * The extra vars an apply runs with: the plan's, each hashed secret replaced by the value given
   * with {@code -e} after checking it against the hash.
   */
  public static Map<String, Object> restored(
      Map<String, Object> planned, Map<String, Object> given) {
    SourceLocation at = SourceLocation.of("-e");
    for (String key : given.keySet()) {
      if (!(planned.get(key) instanceof String s && s.startsWith(MARK))) {
        throw new InputException(
            at,
            "apply takes -e only for the secrets the plan keeps as hashes; '"
                + key
                + "' is "
                + (planned.containsKey(key) ? "stored in the plan" : "not in the plan"));
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : planned.entrySet()) {
      if (e.getValue() instanceof String s && s.startsWith(MARK)) {
        if (!given.containsKey(e.getKey())) {
          throw new InputException(
              at,
              "the plan keeps '"
                  + e.getKey()
                  + "' as a hash only: give it again with -e "
                  + e.getKey()
                  + "=…");
        }
        Object value = given.get(e.getKey());
        if (!s.substring(MARK.length()).equals(hash(value))) {
          throw new InputException(
              at, "'" + e.getKey() + "' is not the value the plan was made with");
        }
        out.put(e.getKey(), value);
      } else {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private static String hash(Object value) {
    return Sha256.hex(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
  }
}
