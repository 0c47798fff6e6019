package io.pagetune.facts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The virtualization being worked out, as Ansible's virtual fact code keeps it: the first finding
 * sets type and role, every later one only adds its technology to the guest or host set.
 */
final class Virtualization {
  String type;
  String role;
  boolean found;
  final TreeSet<String> guest = new TreeSet<>();
  final TreeSet<String> host = new TreeSet<>();

  /** A guest technology that also names type and role when it is the first finding. */
  void guest(String tech, String role) {
    guest.add(tech);
    first(tech, role);
  }

  /** A host technology that also names type and role when it is the first finding. */
  void host(String tech, String role) {
    host.add(tech);
    first(tech, role);
  }

  /** Type and role from the first finding only. */
  void first(String type, String role) {
    if (!found) {
      this.type = type;
      if (role != null) {
        this.role = role;
      }
      found = true;
    }
  }

  Map<String, Object> facts() {
    Map<String, Object> out = new LinkedHashMap<>();
    if (type != null) {
      out.put("virtualization_type", type);
    }
    if (role != null) {
      out.put("virtualization_role", role);
    }
    // sets in Ansible (their order is Python's); sorted here
    out.put("virtualization_tech_guest", java.util.List.copyOf(guest));
    out.put("virtualization_tech_host", java.util.List.copyOf(host));
    return out;
  }
}
