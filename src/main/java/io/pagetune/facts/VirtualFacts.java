package io.pagetune.facts;

import java.util.List;
import java.util.Map;

/**
 * {@code ansible_virtualization_type}, {@code _role}, {@code _tech_guest} and {@code _tech_host}
 * (the {@code virtual} subset): one snippet prints every marker Ansible's virtual fact code reads,
 * one tagged line each, and {@link LinuxVirtualization} or {@link SolarisVirtualization} apply
 * Ansible's rules to them.
 */
public final class VirtualFacts implements FactSet {
  static final String COLLECTOR = "virtual";

  // the markers as Ansible's LinuxVirtual and SunOSVirtual read them; every line is "tag value"
  private static final String SCRIPT =
      "PATH=$PATH:/sbin:/usr/sbin:/usr/local/sbin\n"
          + "case \"`uname -s`\" in\n"
          + "Linux) echo 'system Linux'\n"
          + "  sed 's/^/cgroup /' /proc/1/cgroup\n"
          + "  tr '\\000' '\\n' < /proc/1/environ | sed 's/^/environ /'\n"
          + "  for f in /proc/vz /proc/lve /proc/bc /.dockerenv /.dockerinit /proc/xen /dev/kvm;"
          + " do [ -e \"$f\" ] && echo \"exists $f\"; done\n"
          + "  sed 's/^/xencap /' /proc/xen/capabilities\n"
          + "  echo \"container `cat /run/systemd/container`\"\n"
          + "  for k in product_name sys_vendor product_family bios_vendor; do"
          + " echo \"dmi_$k `cat /sys/devices/virtual/dmi/id/$k`\"; done\n"
          + "  grep '^VxID:' /proc/self/status | sed 's/^/status /'\n"
          + "  grep -E '^(model name|vendor_id|machine)' /proc/cpuinfo | sed 's/^/cpuinfo /'\n"
          + "  [ -r /proc/modules ] && cut -d' ' -f1 /proc/modules | sed 's/^/module /'\n"
          + "  if [ -d /rhev/ ]; then for f in /proc/[0-9]*/comm; do"
          + " case \"`cat $f`\" in vdsm|vdsmd) echo 'rhev vdsm'; break;; esac; done; fi\n"
          + "  if grep -q '^vendor_id.*IBM/S390' /proc/cpuinfo; then"
          + " if command -v lscpu >/dev/null; then lscpu | sed -n 's/^Hypervisor:[ ]*/lscpu /p';"
          + " else echo 'nolscpu'; fi; fi\n"
          + "  if command -v dmidecode >/dev/null; then o=`dmidecode -s system-product-name` &&"
          + " printf '%s\\n' \"$o\" | sed 's/^/dmidecode /'; fi\n"
          + ";;\n"
          + "SunOS) echo 'system SunOS'\n"
          + "  command -v zonename >/dev/null && echo \"zonename `zonename`\"\n"
          + "  [ -d /.SUNWnative ] && echo 'exists /.SUNWnative'\n"
          + "  [ -e /proc/vz ] && echo 'exists /proc/vz'\n"
          + "  command -v modinfo >/dev/null && modinfo | grep -E 'VMware|VirtualBox'"
          + " | sed 's/^/modinfo /'\n"
          + "  if command -v virtinfo >/dev/null; then echo 'virtinfo'; /usr/sbin/virtinfo -p"
          + " | sed 's/^/virtinfo /'\n"
          + "  elif command -v smbios >/dev/null; then echo 'smbios'; smbios"
          + " | grep -E 'VMware|Parallels|VirtualBox|HVM domU|KVM' | sed 's/^/smbios /'; fi\n"
          + ";;\n"
          + "esac\n"
          + "exit 0";

  public static final Fact<VirtualMarkers> MARKERS =
      new SimpleFact<>("virtual_markers", SCRIPT, r -> VirtualMarkers.parse(r.stdout()));

  @Override
  public List<Fact<?>> facts() {
    return List.of(MARKERS);
  }

  @Override
  public List<Fact<?>> facts(GatherSubset subset) {
    return subset.includes(COLLECTOR) ? facts() : List.of();
  }

  @Override
  public Map<String, Object> assemble(Map<String, Object> gathered, GatherSubset subset) {
    return subset.includes(COLLECTOR) ? assemble(gathered) : Map.of();
  }

  @Override
  public Map<String, Object> assemble(Map<String, Object> gathered) {
    VirtualMarkers m = (VirtualMarkers) gathered.get(MARKERS.name());
    if (m == null) {
      return Map.of();
    }
    return switch (m.first("system")) {
      case "Linux" -> LinuxVirtualization.of(m);
      case "SunOS" -> SolarisVirtualization.of(m);
      default -> Map.of();
    };
  }
}
