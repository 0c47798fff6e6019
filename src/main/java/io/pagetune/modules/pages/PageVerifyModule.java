package io.pagetune.modules.pages;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import io.pagetune.targets.oracle.AlertLogLargePages;
import io.pagetune.targets.oracle.Meminfo;
import io.pagetune.targets.oracle.OracleFacts;
import io.pagetune.targets.sap.LdrCntrl;
import io.pagetune.targets.sap.SapFacts;
import io.pagetune.targets.sap.SapInstanceEffect;
import io.pagetune.targets.sap.SapInstanceProfiles;
import io.pagetune.targets.sap.SapProcessKind;
import io.pagetune.targets.sap.SapSystemFacts;
import io.pagetune.targets.solaris.MpssVariant;
import io.pagetune.targets.solaris.PmapPageSizes;
import io.pagetune.targets.solaris.SolarisFacts;
import io.pagetune.targets.solaris.WebServerFacts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code page_verify}: checks the effective state (domain.md §5 "never trust a write") and fails
 * with specifics when it is not reached: every process sapstart started for each instance of a SAP
 * system, ASCS included, at the desired sizes (per instance and process kind, a stopped instance
 * named as such); the {@code [ heap ]} of {@code webservd} mostly in the target page size; the
 * HugePages pool at its planned size, in use, and the alert log's Large Pages block at 100%. It
 * changes nothing, so it runs in check mode too.
 */
public final class PageVerifyModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.optional("sap_sid", ArgType.STRING),
          Arg.optional(
              "sap_options",
              ArgType.STRING,
              io.pagetune.targets.sap.LdrCntrl.allPageSizes(io.pagetune.pages.PageSize.SIZE_64K)
                  .render()),
          Arg.optional("web_instance", ArgType.STRING),
          Arg.optional("heap_page_size", ArgType.STRING),
          Arg.optional("hugepages_total", ArgType.INT),
          Arg.optional("alert_log", ArgType.STRING));

  @Override
  public String name() {
    return "page_verify";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (!args.has("sap_sid")
        && !args.has("web_instance")
        && !args.has("hugepages_total")
        && !args.has("alert_log")) {
      throw args.error(
          "sap_sid", "or web_instance, hugepages_total, alert_log: say what to verify");
    }
    if (args.optString("heap_page_size")
        .filter(s -> !Templated.is(s) && PageSize.parse(s).isEmpty())
        .isPresent()) {
      throw args.error("heap_page_size", "must be a page size like 256M");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    List<String> problems = new ArrayList<>();
    List<String> verified = new ArrayList<>();
    Map<String, Object> data = new LinkedHashMap<>();
    args.optString("sap_sid").ifPresent(sid -> sap(host, sid, args, problems, verified));
    args.optString("web_instance").ifPresent(i -> web(host, i, args, problems, verified));
    if (args.has("hugepages_total") || args.has("alert_log")) {
      hugePages(host, args, problems, verified);
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

  private static void sap(
      HostState host, String sid, Args args, List<String> problems, List<String> verified) {
    SapSystemFacts system = host.fact(SapFacts.SAP_SYSTEMS).get(sid);
    if (system == null) {
      problems.add("SAP system " + sid + " not found on " + host.host());
      return;
    }
    LdrCntrl desired = LdrCntrl.parse(args.string("sap_options"));
    List<SapInstanceProfiles> instances = SapInstanceProfiles.group(system.profiles());
    if (instances.isEmpty()) {
      problems.add(sid + ": no instance profiles in " + system.profileDir());
      return;
    }
    List<SapInstanceEffect> all = SapInstanceEffect.forSystem(system, instances, desired);
    // instances another host starts are verified there
    List<SapInstanceEffect> effects = all.stream().filter(SapInstanceEffect::here).toList();
    if (effects.isEmpty()) {
      problems.add(sid + ": no instance of it is started on this host");
      return;
    }
    for (SapInstanceEffect e : effects) {
      e.reasons().forEach(r -> problems.add(sid + " " + r));
    }
    List<String> elsewhere =
        all.stream().filter(e -> !e.here()).map(SapInstanceEffect::instance).toList();
    if (effects.stream().allMatch(SapInstanceEffect::effective)) {
      long dw =
          effects.stream()
              .mapToLong(e -> e.count(SapProcessKind.DISPATCHER, SapProcessKind.WORK_PROCESS))
              .sum();
      verified.add(
          sid
              + ": all "
              + dw
              + " disp+work at "
              + desired.render()
              + ", and every other process of the "
              + effects.size()
              + (effects.size() == 1 ? " instance (" : " instances (")
              + String.join(", ", effects.stream().map(SapInstanceEffect::instance).toList())
              + ")"
              + (elsewhere.isEmpty()
                  ? ""
                  : "; " + String.join(", ", elsewhere) + " run on another host"));
    }
  }

  private static void web(
      HostState host, String instance, Args args, List<String> problems, List<String> verified) {
    WebServerFacts w = host.fact(SolarisFacts.WEB_SERVERS).get(instance);
    if (w == null) {
      problems.add("web server instance " + instance + " not found on " + host.host());
      return;
    }
    Optional<PageSize> target =
        args.optString("heap_page_size")
            .flatMap(PageSize::parse)
            .or(
                () ->
                    MpssVariant.choose(w.wordSize(), host.fact(PageFacts.PAGE_SIZES))
                        .map(MpssVariant::heap));
    if (target.isEmpty()) {
      problems.add(instance + ": no target heap page size (neither 256M nor 4M supported)");
      return;
    }
    if (!w.running()) {
      problems.add(instance + ": not running, so its heap cannot be checked");
      return;
    }
    if (w.worker().isEmpty() || w.pmap().isEmpty()) {
      problems.add(instance + ": " + w.heapState() + ", so its heap cannot be checked");
      return;
    }
    PmapPageSizes pmap = w.pmap().get();
    String worker = "the worker webservd's (pid " + w.worker().get().pid() + ") [ heap ]";
    double share = pmap.heapShareAt(target.get());
    String pct = String.format(Locale.ROOT, "%.0f%%", share * 100);
    if (!pmap.heapMostlyAt(target.get())) {
      problems.add(
          instance
              + ": only "
              + pct
              + " of "
              + worker
              + " ("
              + pmap.heapKb()
              + " kB) is in "
              + target.get()
              + " pages");
    } else {
      verified.add(instance + ": " + pct + " of " + worker + " in " + target.get() + " pages");
    }
  }

  private static void hugePages(
      HostState host, Args args, List<String> problems, List<String> verified) {
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
