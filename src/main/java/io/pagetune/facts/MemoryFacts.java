package io.pagetune.facts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code memtotal_mb}, {@code memfree_mb}, {@code swaptotal_mb}, {@code swapfree_mb} and {@code
 * memory_mb} as Ansible's hardware facts compute them: Linux from /proc/meminfo (kB integer-divided
 * by 1024, proc(5)), Solaris from {@code swap -s} (swap(1M): free plus used is the total).
 */
final class MemoryFacts {
  private static final Pattern SWAP_S =
      Pattern.compile(
          "total:\\s+(\\d+)k bytes allocated \\+ (\\d+)k reserved = (\\d+)k used, (\\d+)k"
              + " available");

  private MemoryFacts() {}

  static Map<String, Object> linux(Map<String, Long> meminfo) {
    Map<String, Object> out = new LinkedHashMap<>();
    Long total = mb(meminfo, "MemTotal");
    Long free = mb(meminfo, "MemFree");
    Long swapTotal = mb(meminfo, "SwapTotal");
    Long swapFree = mb(meminfo, "SwapFree");
    Long buffers = mb(meminfo, "Buffers");
    Long cached = mb(meminfo, "Cached");
    putIf(out, "memtotal_mb", total);
    putIf(out, "memfree_mb", free);
    putIf(out, "swaptotal_mb", swapTotal);
    putIf(out, "swapfree_mb", swapFree);
    Long nocacheFree =
        cached == null || free == null || buffers == null ? null : cached + free + buffers;
    Map<String, Object> real = new LinkedHashMap<>();
    real.put("total", total);
    real.put("used", total == null || free == null ? null : total - free);
    real.put("free", free);
    Map<String, Object> nocache = new LinkedHashMap<>();
    nocache.put("free", nocacheFree);
    nocache.put("used", total == null || nocacheFree == null ? null : total - nocacheFree);
    Map<String, Object> swap = new LinkedHashMap<>();
    swap.put("total", swapTotal);
    swap.put("free", swapFree);
    swap.put("used", swapTotal == null || swapFree == null ? null : swapTotal - swapFree);
    swap.put("cached", mb(meminfo, "SwapCached"));
    Map<String, Object> memory = new LinkedHashMap<>();
    memory.put("real", real);
    memory.put("nocache", nocache);
    memory.put("swap", swap);
    out.put("memory_mb", memory);
    return out;
  }

  /**
   * Solaris {@code swap -s}: "total: 1048576k bytes allocated + … = 1310720k used, …k available".
   */
  static Map<String, Object> solarisSwap(String swapS) {
    Map<String, Object> out = new LinkedHashMap<>();
    Matcher m = SWAP_S.matcher(swapS == null ? "" : swapS);
    if (m.find()) {
      long used = Long.parseLong(m.group(3));
      long free = Long.parseLong(m.group(4));
      out.put("swapfree_mb", free / 1024);
      out.put("swaptotal_mb", (free + used) / 1024);
      out.put("swap_allocated_mb", Long.parseLong(m.group(1)) / 1024);
      out.put("swap_reserved_mb", Long.parseLong(m.group(2)) / 1024);
    }
    return out;
  }

  private static Long mb(Map<String, Long> meminfo, String key) {
    Long kb = meminfo.get(key);
    return kb == null ? null : kb / 1024;
  }

  private static void putIf(Map<String, Object> out, String key, Object value) {
    if (value != null) {
      out.put(key, value);
    }
  }
}
