package io.pagetune.plan;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
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

  /** The extra vars as the plan keeps them: secrets hashed at any depth (JSON {@code -e}). */
  public static Map<String, Object> hashed(Map<String, Object> extraVars) {
    return hashed(extraVars, v -> false);
  }

  /**
   * As {@link #hashed(Map)}, and every value that is secret by what it is ({@code secretValue}: one
   * a vault decrypted) is hashed too.
   */
  public static Map<String, Object> hashed(
      Map<String, Object> extraVars, Predicate<String> secretValue) {
    Map<String, Object> out = new LinkedHashMap<>();
    extraVars.forEach((k, v) -> out.put(k, kept(k, v, secretValue)));
    return out;
  }

  /**
   * The extra vars an apply runs with: the plan's, each one that holds hashed secrets replaced by
   * the value given with {@code -e} after checking that it hashes to what the plan keeps.
   */
  public static Map<String, Object> restored(
      Map<String, Object> planned, Map<String, Object> given) {
    return restored(planned, given, v -> false);
  }

  /** As {@link #restored(Map, Map)}, with the values that are secret by what they are. */
  public static Map<String, Object> restored(
      Map<String, Object> planned, Map<String, Object> given, Predicate<String> secretValue) {
    SourceLocation at = SourceLocation.of("-e");
    for (String key : given.keySet()) {
      if (!holdsSecret(planned.get(key))) {
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
      String key = e.getKey();
      if (!holdsSecret(e.getValue())) {
        out.put(key, e.getValue());
        continue;
      }
      if (!given.containsKey(key)) {
        throw new InputException(
            at,
            (e.getValue() instanceof String
                    ? "the plan keeps '" + key + "' as a hash only"
                    : "the plan keeps the secrets in '" + key + "' as hashes only")
                + ": give it again with -e "
                + key
                + "=…");
      }
      Object value = given.get(key);
      // the whole value is compared in its kept form: its secrets by hash, the rest as planned
      if (!String.valueOf(kept(key, value, secretValue)).equals(String.valueOf(e.getValue()))) {
        throw new InputException(at, "'" + key + "' is not the value the plan was made with");
      }
      out.put(key, value);
    }
    return out;
  }

  private static Object kept(String key, Object value, Predicate<String> secretValue) {
    if (isSecret(key)) {
      return MARK + hash(value);
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), kept(String.valueOf(k), v, secretValue)));
      return out;
    }
    if (value instanceof List<?> l) {
      return l.stream().map(v -> kept("", v, secretValue)).toList();
    }
    if (value != null && secretValue.test(String.valueOf(value))) {
      return MARK + hash(value);
    }
    return value;
  }

  private static boolean holdsSecret(Object kept) {
    if (kept instanceof String s) {
      return s.startsWith(MARK);
    }
    if (kept instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(SecretVars::holdsSecret);
    }
    return kept instanceof List<?> l && l.stream().anyMatch(SecretVars::holdsSecret);
  }

  private static String hash(Object value) {
    return Sha256.hex(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
  }
}
