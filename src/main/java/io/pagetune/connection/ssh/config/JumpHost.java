package io.pagetune.connection.ssh.config;

import java.util.ArrayList;
import java.util.List;

/**
 * One hop of an OpenSSH {@code ProxyJump} list: {@code [user@]host[:port]}, {@code
 * [user@][ipv6]:port} or {@code ssh://[user@]host[:port]}. Null fields were not given.
 */
record JumpHost(String user, String host, Integer port) {

  /**
   * Parses a {@code ProxyJump} value: a comma-separated list of hops, or {@code none} (an empty
   * list: connect directly).
   */
  public static List<JumpHost> parseList(String value) {
    String v = value.strip();
    if (v.isEmpty()) {
      throw new IllegalArgumentException("ProxyJump has no host");
    }
    if (v.equalsIgnoreCase("none")) {
      return List.of();
    }
    List<JumpHost> hops = new ArrayList<>();
    for (String hop : v.split(",", -1)) {
      hops.add(parse(hop.strip()));
    }
    return List.copyOf(hops);
  }

  static JumpHost parse(String hop) {
    String s = hop.startsWith("ssh://") ? hop.substring("ssh://".length()) : hop;
    if (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    String user = null;
    int at = s.lastIndexOf('@');
    if (at >= 0) {
      user = s.substring(0, at);
      s = s.substring(at + 1);
      if (user.isEmpty()) {
        throw new IllegalArgumentException("ProxyJump hop '" + hop + "' has an empty user");
      }
    }
    String host = s;
    String port = null;
    if (s.startsWith("[")) {
      int close = s.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("ProxyJump hop '" + hop + "' has an unclosed '['");
      }
      host = s.substring(1, close);
      String rest = s.substring(close + 1);
      if (!rest.isEmpty()) {
        if (!rest.startsWith(":")) {
          throw new IllegalArgumentException("ProxyJump hop '" + hop + "' is not host[:port]");
        }
        port = rest.substring(1);
      }
    } else if (s.indexOf(':') >= 0 && s.indexOf(':') == s.lastIndexOf(':')) {
      int colon = s.indexOf(':');
      host = s.substring(0, colon);
      port = s.substring(colon + 1);
    }
    if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("ProxyJump hop '" + hop + "' has no valid host name");
    }
    return new JumpHost(user, host, port == null ? null : port(port, hop));
  }

  private static int port(String text, String hop) {
    try {
      int p = Integer.parseInt(text);
      if (p >= 1 && p <= 65535) {
        return p;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("ProxyJump hop '" + hop + "' has an invalid port: " + text);
  }
}
