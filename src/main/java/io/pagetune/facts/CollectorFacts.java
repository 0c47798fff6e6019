package io.pagetune.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The facts of Ansible's collectors beyond the platform and distribution ones {@link BaseFacts}
 * gives: {@code hardware} (memory, swap, mounts, processors), {@code network} ({@code interfaces}),
 * {@code date_time}, {@code env}, {@code pkg_mgr} and {@code selinux}, each gathered only when its
 * collector is in the play's {@code gather_subset}.
 */
public final class CollectorFacts implements FactSet {
  static final Fact<String> SWAP_S =
      SimpleFact.text("swap_s", "[ \"`uname -s`\" = SunOS ] && /usr/sbin/swap -s");
  static final Fact<String> CPUINFO = SimpleFact.text("cpuinfo", "cat /proc/cpuinfo");
  static final Fact<String> NPROC = SimpleFact.text("nproc", "nproc");

  /**
   * Interface names: Linux's /sys/class/net in directory order (as Ansible globs it, directories
   * only), each followed by the labels of its IPv4 addresses that name another interface ({@code
   * eth0:1}), which Ansible lists too; elsewhere the names {@code ifconfig -a} starts a line with.
   */
  static final Fact<String> INTERFACES =
      SimpleFact.text(
          "interfaces",
          "PATH=$PATH:/sbin:/usr/sbin\n"
              + "if [ -d /sys/class/net ]; then cd /sys/class/net && for i in $(ls -f); do\n"
              + "  case \"$i\" in .*) continue;; esac; [ -d \"$i\" ] || continue; echo \"linux $i\"\n"
              + "  ip addr show dev \"$i\" 2>/dev/null"
              + " | awk -v d=\"$i\" '$1 == \"inet\" && $NF != d { print \"linux \" $NF }'\n"
              + "done\n"
              + "else ifconfig -a | sed -n 's/^\\([^ \\t]*\\):.*/ifconfig \\1/p'; fi");

  private static final Map<String, List<Fact<?>>> BY_COLLECTOR =
      Map.of(
          "hardware", List.of(MountFacts.FACT, SWAP_S, CPUINFO, NPROC),
          "network", List.of(INTERFACES),
          "date_time", List.of(DateTimeFacts.FACT),
          "env", List.of(HostEnvironment.FACT),
          "pkg_mgr", List.of(PackageManager.FACT),
          "selinux", List.of(SelinuxFacts.FACT));

  @Override
  public List<Fact<?>> facts() {
    return facts(GatherSubset.ALL);
  }

  @Override
  public List<Fact<?>> facts(GatherSubset subset) {
    List<Fact<?>> out = new ArrayList<>();
    for (String c : new TreeSet<>(BY_COLLECTOR.keySet())) {
      if (subset.includes(c)) {
        out.addAll(BY_COLLECTOR.get(c));
      }
    }
    return out;
  }

  @Override
  public Map<String, Object> assemble(Map<String, Object> g) {
    return assemble(g, GatherSubset.ALL);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Map<String, Object> assemble(Map<String, Object> g, GatherSubset subset) {
    Map<String, Object> f = new LinkedHashMap<>();
    if (subset.includes("hardware")) {
      f.put("mounts", g.get(MountFacts.FACT.name()));
      String system = (String) g.get(BaseFacts.SYSTEM.name());
      if ("SunOS".equals(system)) {
        f.putAll(MemoryFacts.solarisSwap((String) g.get(SWAP_S.name())));
      } else if (g.get(BaseFacts.MEMINFO.name()) instanceof Map<?, ?> mem && !mem.isEmpty()) {
        f.putAll(MemoryFacts.linux((Map<String, Long>) mem));
      }
      f.putAll(
          CpuFacts.linux(
              (String) g.get(CPUINFO.name()),
              (String) g.get(BaseFacts.ARCHITECTURE.name()),
              (String) g.get(NPROC.name())));
    }
    if (subset.includes("network")) {
      f.put("interfaces", interfaces((String) g.get(INTERFACES.name())));
    }
    if (subset.includes("date_time")) {
      f.put("date_time", DateTimeFacts.of((String) g.get(DateTimeFacts.FACT.name())));
    }
    if (subset.includes("env")) {
      f.put("env", HostEnvironment.parse((String) g.get(HostEnvironment.FACT.name())));
    }
    if (subset.includes("pkg_mgr")) {
      f.put(
          "pkg_mgr",
          PackageManager.of((String) g.get(PackageManager.FACT.name()), BaseFacts.distribution(g)));
    }
    if (subset.includes("selinux")) {
      // Ansible reads SELinux through Python's libselinux binding, which only Linux has
      f.put(
          "selinux",
          "Linux".equals(g.get(BaseFacts.SYSTEM.name()))
              ? SelinuxFacts.parse((String) g.get(SelinuxFacts.FACT.name()))
              : Map.of("status", "Missing selinux Python library"));
    }
    return f;
  }

  /** Linux keeps the directory order; Ansible sorts the ifconfig names (generic_bsd.py). */
  static List<String> interfaces(String out) {
    java.util.LinkedHashSet<String> linux = new java.util.LinkedHashSet<>();
    TreeSet<String> ifconfig = new TreeSet<>();
    for (String l : (out == null ? "" : out).split("\n")) {
      if (l.startsWith("linux ")) {
        linux.add(l.substring(6));
      } else if (l.startsWith("ifconfig ")) {
        ifconfig.add(l.substring(9));
      }
    }
    return List.copyOf(linux.isEmpty() ? ifconfig : linux);
  }
}
