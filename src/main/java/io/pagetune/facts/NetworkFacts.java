package io.pagetune.facts;

import io.pagetune.connection.CommandResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ansible_fqdn} and {@code ansible_default_ipv4}: the host's name as its resolver knows it,
 * and the address it would use to reach the outside (Ansible asks {@code ip -4 route get 8.8.8.8};
 * nothing is sent, the kernel only looks the route up).
 */
public final class NetworkFacts {
  private static final Pattern ROUTE_WORD =
      Pattern.compile("\\b(src|dev|via)\\s+(\\S+)", Pattern.MULTILINE);

  /**
   * Prints the node name, then what the resolver says about it ({@code getent hosts}: address,
   * canonical name, aliases). AIX has no getent: there the node name stands.
   */
  public static final Fact<String> FQDN =
      new SimpleFact<>(
          "fqdn",
          "n=$(uname -n); printf '%s\\n' \"$n\"; getent hosts \"$n\" 2>/dev/null | head -n 1",
          NetworkFacts::parseFqdn);

  public static final Fact<Map<String, String>> DEFAULT_IPV4 =
      new SimpleFact<>(
          "default_ipv4",
          "PATH=$PATH:/sbin:/usr/sbin; ip -4 route get 8.8.8.8",
          NetworkFacts::parseDefaultIpv4);

  private NetworkFacts() {}

  /**
   * Like Python's {@code socket.getfqdn()}, which Ansible uses: the first name holding a dot among
   * the canonical name and aliases, else the node name.
   */
  static String parseFqdn(CommandResult r) {
    String[] lines = r.stdout().strip().split("\n");
    String node = lines[0].strip();
    if (node.isEmpty()) {
      return null;
    }
    for (int i = 1; i < lines.length; i++) {
      String[] words = lines[i].trim().split("\\s+");
      // words[0] is the address
      for (int w = 1; w < words.length; w++) {
        if (words[w].contains(".")) {
          return words[w];
        }
      }
    }
    return node;
  }

  /**
   * {@code 8.8.8.8 via 192.0.2.1 dev eth0 src 192.0.2.15 uid 0} becomes {@code address}, {@code
   * interface} and {@code gateway}; empty when the host has no IPv4 route out (or no {@code ip}, as
   * on AIX and Solaris).
   */
  static Map<String, String> parseDefaultIpv4(CommandResult r) {
    Map<String, String> out = new LinkedHashMap<>();
    if (r.exitCode() != 0) {
      return out;
    }
    Matcher m = ROUTE_WORD.matcher(r.stdout());
    while (m.find()) {
      String key =
          switch (m.group(1)) {
            case "src" -> "address";
            case "dev" -> "interface";
            default -> "gateway";
          };
      out.putIfAbsent(key, m.group(2));
    }
    if (!out.containsKey("address")) {
      out.clear();
    }
    return out;
  }
}
