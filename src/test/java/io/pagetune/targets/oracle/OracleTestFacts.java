package io.pagetune.targets.oracle;

import io.pagetune.facts.Fact;
import io.pagetune.linux.Meminfo;
import java.util.List;
import java.util.Map;

/**
 * The Oracle slice's facts as other packages' tests need them: the slice keeps its types to itself,
 * so a test outside it gets sample fact scripts and parsed fixture facts here.
 */
public final class OracleTestFacts {
  private OracleTestFacts() {}

  /** One instance of each fact script the slice runs on a host. */
  public static List<Fact<?>> scripts() {
    return List.of(
        IpcsShm.fact(),
        SysctlValue.nrHugepages(),
        SysctlValue.hugetlbShmGroup(),
        AlertLogLargePages.fact("/u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log"));
  }

  /** The page facts a lab host without boot configuration or SysV shm answers. */
  public static List<Fact<?>> memoryAndThp() {
    return List.of(OracleFacts.MEMINFO, OracleFacts.THP);
  }

  /** The gathered {@code ipcs -m} fact, from its output. */
  public static Map.Entry<String, Object> ipcs(String output) {
    return Map.entry(OracleFacts.IPCS.name(), IpcsShm.parse(output));
  }

  /** The gathered meminfo fact, from {@code /proc/meminfo}'s text. */
  public static Map.Entry<String, Object> meminfo(String text) {
    return Map.entry(OracleFacts.MEMINFO.name(), Meminfo.parse(text));
  }

  /** The gathered alert-log fact of {@code log}, from the log's text. */
  public static Map.Entry<String, Object> alertLog(String log, String text) {
    return Map.entry(AlertLogLargePages.fact(log).name(), AlertLogLargePages.parse(text));
  }
}
