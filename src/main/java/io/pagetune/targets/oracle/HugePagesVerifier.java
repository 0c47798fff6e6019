package io.pagetune.targets.oracle;

import io.pagetune.linux.Meminfo;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.PageVerifier;
import java.util.List;

/**
 * {@code page_verify} for Oracle: the HugePages pool at its planned size and in use, and the alert
 * log's Large Pages block at 100%.
 */
final class HugePagesVerifier implements PageVerifier {
  @Override
  public List<Arg> args() {
    return List.of(
        Arg.optional("hugepages_total", ArgType.INT)
            .describe("The HugePages pool the host should have."),
        Arg.optional("alert_log", ArgType.STRING)
            .describe("The Oracle alert log that shows whether the SGA got large pages."));
  }

  @Override
  public List<String> selectors() {
    return List.of("hugepages_total", "alert_log");
  }

  @Override
  public void verify(HostState host, Args args, List<String> problems, List<String> verified) {
    Meminfo mem = host.fact(OracleFacts.MEMINFO);
    if (args.has("hugepages_total")) {
      long planned = args.integer("hugepages_total");
      long total = mem.hugePagesTotal().orElse(-1);
      if (total != planned) {
        problems.add(
            "HugePages_Total is "
                + (total < 0 ? "unknown" : Long.toString(total))
                + ", planned "
                + planned);
      } else if (!mem.poolInUse()) {
        problems.add(
            "HugePages pool of "
                + total
                + " is not in use (Free "
                + mem.hugePagesFree().orElse(-1)
                + ", Rsvd "
                + mem.hugePagesRsvd().orElse(-1)
                + "): is the instance started with use_large_pages?");
      } else {
        verified.add("HugePages_Total " + total + " in use");
      }
    }
    args.optString("alert_log")
        .ifPresent(
            log -> {
              AlertLogLargePages a = host.fact(AlertLogLargePages.fact(log));
              if (!a.found()) {
                problems.add(log + ": no 'Large Pages Information' block");
              } else if (!a.fullyInLargePages()) {
                problems.add(
                    log
                        + ": "
                        + a.percentInLargePages().orElse(0)
                        + "% of the SGA in large pages"
                        + a.recommendation().map(r -> "; RECOMMENDATION: " + r).orElse(""));
              } else {
                verified.add(log + ": 100% of the SGA in large pages");
              }
            });
  }
}
