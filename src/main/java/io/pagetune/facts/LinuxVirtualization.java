package io.pagetune.facts;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ansible's rules for Linux (module_utils/facts/virtual/linux.py), in its order: containers ({@code
 * /proc/1/cgroup}, {@code /proc/1/environ}, OpenVZ, {@code /run/systemd/container}, {@code
 * /.dockerenv}), Xen, DMI ({@code /sys/devices/virtual/dmi/id}), linux-vserver, {@code
 * /proc/cpuinfo}, loaded kernel modules, {@code dmidecode}, {@code /dev/kvm}; nothing found is
 * {@code NA}/{@code NA}.
 */
final class LinuxVirtualization {
  private static final Pattern DOCKER = Pattern.compile("/docker(/|-[0-9a-f]+\\.scope)");
  private static final Set<String> KVM_PRODUCTS = Set.of("KVM", "KVM Server", "Bochs", "AHV");
  private static final Set<String> KVM_VENDORS =
      Set.of("QEMU", "Amazon EC2", "DigitalOcean", "Google", "Scaleway", "Nutanix");
  private static final Set<String> CONTAINERS =
      Set.of("docker", "lxc", "podman", "openvz", "containerd");

  private LinuxVirtualization() {}

  static Map<String, Object> of(VirtualMarkers m) {
    Virtualization v = new Virtualization();
    containers(m, v);
    xen(m, v);
    boolean assumedGuest = !v.found;
    dmi(m, v);
    if (assumedGuest && v.found) {
      // Ansible assumes a guest before reading DMI; a DMI finding keeps that role
      v.role = "guest";
    }
    vserver(m, v);
    cpuinfo(m, v);
    modules(m, v);
    for (String line : m.all("dmidecode")) {
      if (line.strip().startsWith("VMware")) {
        v.guest("VMware", "guest");
      }
      if (line.contains("BHYVE")) {
        v.guest("bhyve", "guest");
      }
    }
    if (m.exists("/dev/kvm")) {
      v.host("kvm", "host");
    }
    v.first("NA", "NA");
    return v.facts();
  }

  private static void containers(VirtualMarkers m, Virtualization v) {
    for (String line : m.all("cgroup")) {
      if (DOCKER.matcher(line).find()) {
        v.guest("docker", "guest");
      }
      if (line.contains("/lxc/") || line.contains("/machine.slice/machine-lxc")) {
        v.guest("lxc", "guest");
      }
      if (line.contains("/system.slice/containerd.service")) {
        v.guest("containerd", "guest");
      }
    }
    for (String line : m.all("environ")) {
      if (line.contains("container=lxc")) {
        v.guest("lxc", "guest");
      }
      if (line.contains("container=podman")) {
        v.guest("podman", "guest");
      }
      if (line.startsWith("container=") && line.length() > "container=".length()) {
        v.guest("container", "guest");
      }
    }
    if (m.exists("/proc/vz") && !m.exists("/proc/lve")) {
      boolean host = m.exists("/proc/bc");
      (host ? v.host : v.guest).add("openvz");
      // Ansible names the type openvz even after an earlier finding
      v.type = "openvz";
      if (!v.found) {
        v.role = host ? "host" : "guest";
      }
      v.found = true;
    }
    String systemd = m.first("container");
    if (!systemd.isEmpty()) {
      v.guest(systemd, "guest");
    }
    if (m.exists("/.dockerenv") || m.exists("/.dockerinit")) {
      v.guest("docker", "guest");
    }
    if (v.guest.stream().anyMatch(CONTAINERS::contains) || !systemd.isEmpty()) {
      v.guest.add("container");
    }
  }

  private static void xen(VirtualMarkers m, Virtualization v) {
    if (!m.exists("/proc/xen")) {
      return;
    }
    boolean host = m.all("xencap").stream().anyMatch(l -> l.contains("control_d"));
    if (host) {
      v.host.add("xen");
    }
    v.first("xen", host ? "host" : "guest");
  }

  private static void dmi(VirtualMarkers m, Virtualization v) {
    String product = m.first("dmi_product_name");
    String vendor = m.first("dmi_sys_vendor");
    String family = m.first("dmi_product_family");
    String bios = m.first("dmi_bios_vendor");
    if (KVM_PRODUCTS.contains(product)) {
      v.guest("kvm", null);
    }
    if (vendor.equals("oVirt")) {
      v.guest("oVirt", null);
    }
    if (vendor.equals("Red Hat") && family.equals("RHV")) {
      v.guest("RHV", null);
    } else if (vendor.equals("Red Hat") && product.equals("RHEV Hypervisor")) {
      v.guest("RHEV", null);
    }
    if (product.equals("VMware Virtual Platform") || product.equals("VMware7,1")) {
      v.guest("VMware", null);
    }
    if (product.equals("OpenStack Compute") || product.equals("OpenStack Nova")) {
      v.guest("openstack", null);
    }
    if (bios.equals("Xen")) {
      v.guest("xen", null);
    }
    if (bios.equals("innotek GmbH")) {
      v.guest("virtualbox", null);
    }
    if (List.of("Amazon EC2", "DigitalOcean", "Hetzner").contains(bios)) {
      v.guest("kvm", null);
    }
    if (KVM_VENDORS.contains(vendor)) {
      v.guest("kvm", null);
    }
    Map<String, String> byVendor =
        Map.of(
            "KubeVirt", "KubeVirt",
            "Microsoft Corporation", "VirtualPC",
            "Parallels Software International Inc.", "parallels",
            "OpenStack Foundation", "openstack");
    if (byVendor.containsKey(vendor)) {
      v.guest(byVendor.get(vendor), null);
    }
  }

  private static void vserver(VirtualMarkers m, Virtualization v) {
    for (String line : m.all("status")) {
      if (line.matches("^VxID:\\s+\\d+.*")) {
        boolean host = line.matches("^VxID:\\s+0.*");
        (host ? v.host : v.guest).add("linux_vserver");
        v.first("linux_vserver", host ? "host" : "guest");
      }
    }
  }

  private static void cpuinfo(VirtualMarkers m, Virtualization v) {
    for (String line : m.all("cpuinfo")) {
      String tech;
      if (line.matches("^model name.*QEMU Virtual CPU.*")) {
        tech = "kvm";
      } else if (line.matches("^vendor_id.*User Mode Linux.*")
          || line.matches("^model name.*UML.*")) {
        tech = "uml";
      } else if (line.matches("^machine.*CHRP IBM pSeries .emulated by qemu..*")) {
        tech = "kvm";
      } else if (line.matches("^vendor_id.*PowerVM Lx86.*")) {
        tech = "powervm_lx86";
      } else if (line.matches("^vendor_id.*IBM/S390.*")) {
        s390(m, v);
        continue;
      } else {
        continue;
      }
      v.guest(tech, "guest");
    }
  }

  /** IBM Z: PR/SM in an LPAR, and the hypervisor lscpu names (z/VM, KVM) as a guest technology. */
  private static void s390(VirtualMarkers m, Virtualization v) {
    v.guest.add("PR/SM");
    String type = "PR/SM";
    if (m.has("lscpu")) {
      for (String tech : m.all("lscpu")) {
        v.guest.add(tech.strip());
        type = tech.strip();
      }
    } else if (m.has("nolscpu")) {
      v.guest.add("ibm_systemz");
      type = "ibm_systemz";
    }
    v.first(type, type.equals("PR/SM") ? "LPAR" : "guest");
  }

  private static void modules(VirtualMarkers m, Virtualization v) {
    List<String> modules = m.all("module");
    if (modules.contains("kvm")) {
      v.host.add("kvm");
      if (!v.found) {
        boolean rhev = m.has("rhev");
        v.type = rhev ? "RHEV" : "kvm";
        v.role = "host";
      }
      if (m.has("rhev")) {
        v.host.add("RHEV");
      }
      v.found = true;
    }
    if (modules.contains("vboxdrv")) {
      v.host("virtualbox", "host");
    }
    if (modules.contains("virtio")) {
      v.host("kvm", "guest");
    }
  }
}
