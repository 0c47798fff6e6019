package io.pagetune.connection.ssh.hostkeys;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The host field of a known_hosts line, matched as OpenSSH does: comma-separated patterns with
 * {@code *} and {@code ?}, a leading {@code !} negates (a negated match rejects the line whatever
 * else matches), {@code [host]:port} for ports other than 22, and one hashed {@code |1|salt|hash}
 * name (HMAC-SHA1 of the name keyed with the salt).
 */
final class HostPatterns {
  private HostPatterns() {}

  static boolean matches(String field, String host, int port) {
    String name = HostKeyFingerprint.knownHostsName(host.toLowerCase(Locale.ROOT), port);
    if (field.startsWith("|")) {
      return hashedMatches(field, name);
    }
    boolean matched = false;
    for (String pattern : field.split(",")) {
      boolean negated = pattern.startsWith("!");
      String p = (negated ? pattern.substring(1) : pattern).toLowerCase(Locale.ROOT);
      if (p.isEmpty() || !wildcard(p, name)) {
        continue;
      }
      if (negated) {
        return false;
      }
      matched = true;
    }
    return matched;
  }

  private static boolean hashedMatches(String field, String name) {
    String[] parts = field.split("\\|");
    // "|1|salt|hash" splits into "", "1", salt, hash
    if (parts.length != 4 || !parts[1].equals("1")) {
      return false;
    }
    try {
      byte[] salt = Base64.getDecoder().decode(parts[2]);
      byte[] expected = Base64.getDecoder().decode(parts[3]);
      Mac mac = Mac.getInstance("HmacSHA1");
      mac.init(new SecretKeySpec(salt, "HmacSHA1"));
      byte[] actual = mac.doFinal(name.getBytes(StandardCharsets.US_ASCII));
      return MessageDigest.isEqual(expected, actual);
    } catch (IllegalArgumentException | GeneralSecurityException e) {
      return false; // a damaged hashed name matches nothing, as in OpenSSH
    }
  }

  /** Glob match of {@code *} (any run) and {@code ?} (one character), iterative. */
  static boolean wildcard(String pattern, String text) {
    int p = 0;
    int t = 0;
    int star = -1;
    int mark = 0;
    while (t < text.length()) {
      if (p < pattern.length()
          && (pattern.charAt(p) == '?' || pattern.charAt(p) == text.charAt(t))) {
        p++;
        t++;
      } else if (p < pattern.length() && pattern.charAt(p) == '*') {
        star = p++;
        mark = t;
      } else if (star >= 0) {
        p = star + 1;
        t = ++mark;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }
}
