package io.pagetune.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The processor facts from /proc/cpuinfo as Ansible's Linux hardware facts count them: {@code
 * processor} (the model, vendor and index lines), {@code processor_count} (distinct physical ids),
 * {@code processor_cores} ({@code cpu cores} of the first socket), {@code
 * processor_threads_per_core} ({@code siblings} over cores), {@code processor_vcpus} (their
 * product) and {@code processor_nproc} (the CPUs this process may run on, {@code nproc}).
 */
final class CpuFacts {
  private static final List<String> LISTED =
      List.of("model name", "Processor", "vendor_id", "cpu", "Vendor", "processor");

  private CpuFacts() {}

  static Map<String, Object> linux(String cpuinfo, String architecture, String nproc) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (cpuinfo == null) {
      return out;
    }
    List<String> processor = new ArrayList<>();
    Map<String, Integer> sockets = new LinkedHashMap<>();
    Map<String, Integer> cores = new LinkedHashMap<>();
    String physid = "0";
    String coreid = "0";
    int i = 0;
    int vendors = 0;
    int models = 0;
    int processors = 0;
    for (String line : cpuinfo.split("\n")) {
      int colon = line.indexOf(':');
      String key = (colon < 0 ? line : line.substring(0, colon)).strip();
      String val = colon < 0 ? "" : line.substring(colon + 1).strip();
      if (LISTED.contains(key)) {
        processor.add(val);
        vendors += key.equals("vendor_id") ? 1 : 0;
        models += key.equals("model name") ? 1 : 0;
        processors += key.equals("processor") ? 1 : 0;
        i++;
      } else if (key.equals("physical id")) {
        physid = val;
        sockets.putIfAbsent(physid, 1);
      } else if (key.equals("core id")) {
        coreid = val;
        // Ansible checks the sockets here, not the cores; kept for the same counts
        if (!sockets.containsKey(coreid)) {
          cores.put(coreid, 1);
        }
      } else if (key.equals("cpu cores")) {
        sockets.put(physid, intOr0(val));
      } else if (key.equals("siblings")) {
        cores.put(coreid, intOr0(val));
      }
    }
    out.put("processor", processor);
    if (vendors > 0 && vendors == models) {
      i = vendors;
    }
    String arch = architecture == null ? "" : architecture;
    if (arch.startsWith("armv") || arch.startsWith("aarch") || arch.startsWith("ppc")) {
      i = processors;
    }
    if (arch.equals("s390x")) {
      return out;
    }
    int count = sockets.isEmpty() ? i : sockets.size();
    Integer first = sockets.isEmpty() ? null : sockets.values().iterator().next();
    int coresPerSocket = first != null && first != 0 ? first : 1;
    int threads =
        cores.isEmpty() ? 1 / coresPerSocket : cores.values().iterator().next() / coresPerSocket;
    out.put("processor_count", count);
    out.put("processor_cores", coresPerSocket);
    out.put("processor_threads_per_core", threads);
    out.put("processor_vcpus", threads * count * coresPerSocket);
    Integer n = nproc == null ? null : parse(nproc.strip());
    out.put("processor_nproc", n == null ? processors : n);
    return out;
  }

  private static int intOr0(String s) {
    Integer v = parse(s);
    return v == null ? 0 : v;
  }

  private static Integer parse(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
