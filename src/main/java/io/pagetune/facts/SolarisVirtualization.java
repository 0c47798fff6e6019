package io.pagetune.facts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Ansible's rules for Solaris (module_utils/facts/virtual/sunos.py): a zone from {@code zonename}
 * or {@code /.SUNWnative} (and the hypervisor {@code modinfo} names inside it), Virtuozzo, an LDom
 * from {@code virtinfo -p} (a control or I/O domain is {@code host (control,io,…)}), else the
 * hypervisor {@code smbios} names. Unlike Linux there is no {@code NA}: what is not found is left
 * out, and a host with neither {@code virtinfo} nor {@code smbios} has no virtual facts at all.
 */
final class SolarisVirtualization {
  private SolarisVirtualization() {}

  static Map<String, Object> of(VirtualMarkers m) {
    Virtualization v = new Virtualization();
    boolean zone = false;
    if (m.has("zonename")) {
      if (m.first("zonename").equals("global")) {
        v.host.add("zone");
      } else {
        v.guest.add("zone");
        zone = true;
      }
    }
    if (m.exists("/.SUNWnative")) {
      v.guest.add("zone");
      zone = true;
    }
    if (zone) {
      for (String line : m.all("modinfo")) {
        if (line.contains("VMware")) {
          set(v, "vmware", "guest");
        }
        if (line.contains("VirtualBox")) {
          set(v, "virtualbox", "guest");
        }
      }
    }
    if (m.exists("/proc/vz")) {
      set(v, "virtuozzo", "guest");
    }
    if (m.has("virtinfo")) {
      ldom(m, v);
    } else if (m.has("smbios")) {
      smbios(m, v);
    } else {
      return Map.of();
    }
    return v.facts();
  }

  /** Each finding overwrites type and role here: the last one wins, as in Ansible's code. */
  private static void set(Virtualization v, String tech, String role) {
    v.guest.add(tech);
    v.type = tech;
    v.role = role;
  }

  private static void ldom(VirtualMarkers m, Virtualization v) {
    for (String line : m.all("virtinfo")) {
      String[] fields = line.split("\\|", -1);
      if (fields.length > 1 && fields[0].equals("DOMAINROLE") && fields[1].equals("impl=LDoms")) {
        set(v, "ldom", "guest");
        List<String> features = new ArrayList<>();
        for (int i = 2; i < fields.length; i++) {
          String[] kv = fields[i].split("=", -1);
          if (kv.length > 1 && kv[1].equals("true")) {
            features.add(kv[0]);
          }
        }
        if (!features.isEmpty()) {
          v.role = "host (" + String.join(",", features) + ")";
        }
      }
    }
  }

  private static void smbios(VirtualMarkers m, Virtualization v) {
    for (String line : m.all("smbios")) {
      if (line.contains("VMware")) {
        set(v, "vmware", "guest");
      } else if (line.contains("Parallels")) {
        set(v, "parallels", "guest");
      } else if (line.contains("VirtualBox")) {
        set(v, "virtualbox", "guest");
      } else if (line.contains("HVM domU")) {
        set(v, "xen", "guest");
      } else if (line.contains("KVM")) {
        set(v, "kvm", "guest");
      }
    }
  }
}
