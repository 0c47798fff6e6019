package io.pagetune.state;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A {@code jdbc:postgresql://user:password@host/db} URL split into the URL the driver accepts and
 * the credentials it carried. The driver knows no user info in its URLs: it would take {@code
 * user:password@host} for a host name and echo it, password included, in its errors.
 */
record PostgresUrl(String url, Optional<String> user, Optional<String> password) {
  private static final String SCHEME = "jdbc:postgresql://";

  static PostgresUrl parse(String url) {
    if (!url.startsWith(SCHEME)) {
      return new PostgresUrl(url, Optional.empty(), Optional.empty());
    }
    int authorityEnd = firstOf(url, SCHEME.length(), "/?#");
    String authority = url.substring(SCHEME.length(), authorityEnd);
    int at = authority.lastIndexOf('@');
    if (at < 0) {
      return new PostgresUrl(url, Optional.empty(), Optional.empty());
    }
    String userInfo = authority.substring(0, at);
    String bare = SCHEME + authority.substring(at + 1) + url.substring(authorityEnd);
    int colon = userInfo.indexOf(':');
    String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
    Optional<String> password =
        colon < 0 ? Optional.empty() : Optional.of(decode(userInfo.substring(colon + 1)));
    return new PostgresUrl(
        bare, user.isEmpty() ? Optional.empty() : Optional.of(decode(user)), password);
  }

  private static int firstOf(String s, int from, String chars) {
    for (int i = from; i < s.length(); i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }

  private static String decode(String s) {
    return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
  }
}
