package io.pagetune.facts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What Ansible adds to {@code default_ipv4} from the route's interface (network/linux.py): for the
 * {@code inet} line holding the route's source address, its {@code broadcast}, {@code netmask},
 * {@code network}, {@code prefix} and {@code alias} (the address's label), and the interface's
 * {@code macaddress}, {@code mtu} and {@code type}.
 */
final class InterfaceAddress {
  private static final Map<String, String> LINK_TYPES =
      Map.of("1", "ether", "32", "infiniband", "512", "ppp", "772", "loopback", "65534", "tunnel");

  private InterfaceAddress() {}

  /** {@code lines}: the fact's output; its {@code @}-tagged lines follow the route line. */
  static void enrich(Map<String, Object> ipv4, String[] lines) {
    Map<String, String> link = new HashMap<>();
    for (String l : lines) {
      String[] w = l.strip().split("\\s+");
      if (w.length >= 2 && w[0].startsWith("@") && !w[0].equals("@inet")) {
        link.putIfAbsent(w[0].substring(1), w[1]);
      }
    }
    for (String l : lines) {
      List<String> w = List.of(l.strip().split("\\s+"));
      if (w.size() < 2 || !w.get(0).equals("@inet")) {
        continue;
      }
      String[] addr = w.get(1).split("/", 2);
      String prefix = addr.length == 2 ? addr[1] : "32";
      if (!addr[0].equals(ipv4.get("address")) || !prefix.matches("[0-9]{1,2}")) {
        continue;
      }
      String broadcast = w.size() > 3 && w.get(2).equals("brd") ? w.get(3) : "";
      long bits =
          Integer.parseInt(prefix) == 0
              ? 0
              : (0xffffffffL << (32 - Integer.parseInt(prefix))) & 0xffffffffL;
      ipv4.put("broadcast", broadcast);
      ipv4.put("netmask", dotted(bits));
      ipv4.put("network", dotted(toLong(addr[0]) & bits));
      ipv4.put("prefix", prefix);
      ipv4.put("macaddress", link.getOrDefault("mac", ""));
      if (link.containsKey("mtu") && link.get("mtu").matches("[0-9]+")) {
        ipv4.put("mtu", Integer.parseInt(link.get("mtu")));
      }
      String kind = link.get("kind");
      ipv4.put("type", kind != null ? kind : LINK_TYPES.getOrDefault(link.get("type"), "unknown"));
      ipv4.put("alias", w.get(w.size() - 1));
      return;
    }
  }

  private static long toLong(String dotted) {
    long v = 0;
    for (String part : dotted.split("\\.")) {
      v = (v << 8) | (Long.parseLong(part) & 0xff);
    }
    return v;
  }

  private static String dotted(long v) {
    return ((v >> 24) & 0xff)
        + "."
        + ((v >> 16) & 0xff)
        + "."
        + ((v >> 8) & 0xff)
        + "."
        + (v & 0xff);
  }
}
