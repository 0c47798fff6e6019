package io.pagetune.error;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks credentials inside text that may echo a URL: the password of {@code
 * scheme://user:password@host} and the value of {@code password=} style parameters (JDBC URLs,
 * query strings). Every message that can carry a user-supplied URL passes through here before it is
 * shown.
 */
public final class CredentialMask {
  public static final String MASK = "***";

  /** {@code scheme://user:secret@}: the secret runs to the last '@' before the host part. */
  private static final Pattern USER_INFO =
      Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://[^/@:\\s?#]*:)([^/\\s?#]*)@");

  /** {@code password=secret} in a query string or JDBC properties, up to the next separator. */
  private static final Pattern SECRET_PARAMETER =
      Pattern.compile(
          "(?i)(\\b(?:password|passwd|pwd|sslpassword|secret|token|access_token|api_key)=)"
              + "([^&;,\\s]*)");

  private CredentialMask() {}

  public static String mask(String text) {
    if (text == null) {
      return null;
    }
    String masked = replace(USER_INFO, text, true);
    return replace(SECRET_PARAMETER, masked, false);
  }

  private static String replace(Pattern pattern, String text, boolean keepAt) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      return text;
    }
    StringBuilder sb = new StringBuilder();
    do {
      if (m.group(2).isEmpty()) {
        m.appendReplacement(sb, Matcher.quoteReplacement(m.group()));
      } else {
        m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + MASK + (keepAt ? "@" : "")));
      }
    } while (m.find());
    m.appendTail(sb);
    return sb.toString();
  }
}
