package io.pagetune.modules.pages;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code page_verify}: checks the effective state (domain.md §5 "never trust a write") and fails
 * with specifics when it is not reached: every process sapstart started for each instance of a SAP
 * system, ASCS included, at the desired sizes (per instance and process kind, a stopped instance
 * named as such); the {@code [ heap ]} of {@code webservd} mostly in the target page size; the
 * HugePages pool at its planned size, in use, and the alert log's Large Pages block at 100%. It
 * changes nothing, so it runs in check mode too. Each target checks its own part through its {@link
 * PageVerifier}.
 */
public final class PageVerifyModule implements Module {
  private final List<PageVerifier> verifiers;
  private final ArgSpec spec;

  /** The verifiers of the registered targets, in registration order. */
  public PageVerifyModule(List<PageVerifier> verifiers) {
    this.verifiers = List.copyOf(verifiers);
    this.spec =
        ArgSpec.of(this.verifiers.stream().flatMap(v -> v.args().stream()).toArray(Arg[]::new))
            .documented(
                "Verifies that the running processes really use the large pages their targets were given (SAP, web server, Oracle, PostgreSQL); read-only.",
                "- name: verify the SGA pages\n  page_verify:\n    hugepages_total: 1024\n    alert_log: /u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log\n");
  }

  @Override
  public String name() {
    return "page_verify";
  }

  @Override
  public ArgSpec spec() {
    return spec;
  }

  @Override
  public void validate(Args args) {
    List<String> selectors = verifiers.stream().flatMap(v -> v.selectors().stream()).toList();
    if (!selectors.isEmpty() && selectors.stream().noneMatch(args::has)) {
      throw args.error(
          selectors.get(0),
          "or "
              + String.join(", ", selectors.subList(1, selectors.size()))
              + ": say what to verify");
    }
    verifiers.forEach(v -> v.validate(args));
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    List<String> problems = new ArrayList<>();
    List<String> verified = new ArrayList<>();
    Map<String, Object> data = new LinkedHashMap<>();
    for (PageVerifier v : verifiers) {
      if (v.selectors().stream().anyMatch(args::has)) {
        v.verify(host, args, problems, verified);
      }
    }
    data.put("verified", verified);
    data.put("problems", problems);
    data.put("effective", problems.isEmpty());
    if (!problems.isEmpty()) {
      String msg = "page_verify: " + String.join("; ", problems);
      return Plan.failed(msg).withData(data);
    }
    data.put("msg", "verified: " + String.join("; ", verified));
    return Plan.upToDate(String.join("; ", verified), data);
  }
}
