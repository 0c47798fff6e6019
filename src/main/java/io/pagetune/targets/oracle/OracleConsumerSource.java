package io.pagetune.targets.oracle;

import io.pagetune.linux.HugePageConsumer;
import io.pagetune.linux.HugePageConsumerSource;
import io.pagetune.modules.HostState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The running Oracle SGAs as users of the host's pool: the System V segments {@code ipcs -m} lists,
 * counted by Oracle's own rule ({@code ⌊bytes/page⌋ + 1} per segment of at least one page, as
 * {@code oracle_hugepages} sizes them), one consumer per segment owner. A module of another target
 * thereby sizes the same pool as {@code oracle_hugepages} sizing from the running segments. Oracle
 * instances declared but not running are not seen here: declare them as {@code oracle/<sid>} in
 * {@code hugepages_consumers} for every pool module.
 */
final class OracleConsumerSource implements HugePageConsumerSource {
  @Override
  public String owner() {
    return "oracle";
  }

  /**
   * SysV segments map pages of the default size ({@code SHM_HUGETLB} without a size flag): they
   * count in the default-size pool only.
   */
  @Override
  public List<HugePageConsumer> discover(HostState host, long pageBytes) {
    if (host.fact(OracleFacts.MEMINFO).hugepagesizeBytes().orElse(0) != pageBytes) {
      return List.of();
    }
    return segments(host, pageBytes);
  }

  /** The segments counted in pages of {@code pageBytes}, whatever the default size. */
  List<HugePageConsumer> segments(HostState host, long pageBytes) {
    if (pageBytes <= 0) {
      return List.of();
    }
    Map<String, long[]> byOwner = new LinkedHashMap<>();
    for (ShmSegment s : host.fact(OracleFacts.IPCS).segments()) {
      long min = s.bytes() / pageBytes;
      if (min > 0) {
        long[] acc = byOwner.computeIfAbsent(s.owner(), o -> new long[2]);
        acc[0] += min + 1;
        acc[1]++;
      }
    }
    return byOwner.entrySet().stream()
        .map(
            e ->
                new HugePageConsumer(
                    name(e.getKey()),
                    e.getValue()[0] * pageBytes,
                    "ipcs -m: " + e.getValue()[1] + " segment(s)"))
        .toList();
  }

  /** How the pool names the segments of one OS user: {@code oracle/shm/grid}. */
  static String name(String owner) {
    return "oracle/shm/" + owner;
  }
}
