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
   * Prints the node name, then what the resolver says about its first address ({@code getent hosts
   * ADDRESS}: address, canonical name, aliases), the reverse lookup Python's {@code gethostbyaddr}
   * makes. AIX has no getent: there the node name stands.
   */
  public static final Fact<String> FQDN =
      new SimpleFact<>(
          "fqdn",
          "n=$(uname -n); printf '%s\\n' \"$n\";"
              + " a=$(getent ahosts \"$n\" 2>/dev/null | awk 'NR==1{print $1}');"
              + " [ -n \"$a\" ] || a=$(getent hosts \"$n\" 2>/dev/null | awk 'NR==1{print $1}');"
              + " [ -n \"$a\" ] && getent hosts \"$a\" 2>/dev/null | head -n 1",
          NetworkFacts::parseFqdn);

  /**
   * The route lookup, then what Ansible adds from the route's interface: its primary addresses
   * ({@code ip addr show primary dev IF}) and its /sys/class/net link address, MTU and type.
   */
  public static final Fact<Map<String, Object>> DEFAULT_IPV4 =
      new SimpleFact<>(
          "default_ipv4",
          "PATH=$PATH:/sbin:/usr/sbin; r=$(ip -4 route get 8.8.8.8) || exit $?\n"
              + "printf '%s\\n' \"$r\" | head -n 1\n"
              + "d=$(printf '%s\\n' \"$r\" | head -n 1 | sed -n 's/.* dev \\([^ ]*\\).*/\\1/p')\n"
              + "[ -n \"$d\" ] && [ -d \"/sys/class/net/$d\" ] || exit 0\n"
              + "ip addr show primary dev \"$d\" | sed -n 's/^ *inet /@inet /p'\n"
              + "c=/sys/class/net/$d; echo \"@mac $(cat $c/address)\"; echo \"@mtu $(cat $c/mtu)\";"
              + " echo \"@type $(cat $c/type)\"; [ -e $c/bridge ] && echo '@kind bridge';"
              + " [ -e $c/bonding ] && echo '@kind bonding'; exit 0",
          NetworkFacts::parseDefaultIpv4);

  private NetworkFacts() {}

  /**
   * Like Python's {@code socket.getfqdn()}, which Ansible uses: the first name holding a dot among
   * the canonical name and aliases of the address's reverse lookup, else that canonical name (a
   * host named {@code vm} on 127.0.0.1 is {@code localhost}), else the node name.
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
      if (words.length > 1) {
        return words[1];
      }
    }
    return node;
  }

  /**
   * {@code 8.8.8.8 via 192.0.2.1 dev eth0 src 192.0.2.15 uid 0} becomes {@code address}, {@code
   * interface} and {@code gateway}; empty when the host has no IPv4 route out (or no {@code ip}, as
   * on AIX and Solaris).
   */
  static Map<String, Object> parseDefaultIpv4(CommandResult r) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (r.exitCode() != 0) {
      return out;
    }
    String[] lines = r.stdout().split("\n");
    Matcher m = ROUTE_WORD.matcher(lines[0]);
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
      return out;
    }
    InterfaceAddress.enrich(out, lines);
    return out;
  }
}
