package io.pagetune.targets.sap;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.pages.PageSize;
import java.util.List;

/**
 * {@code page_verify} for SAP: every process sapstart started for each instance of the system, ASCS
 * included, at the desired sizes (per instance and process kind, a stopped instance named as such).
 */
final class SapPageVerifier implements PageVerifier {
  @Override
  public List<Arg> args() {
    return List.of(
        Arg.optional("sap_sid", ArgType.STRING)
            .describe("The SAP system whose instances' pages are verified."),
        Arg.optional(
                "sap_options", ArgType.STRING, LdrCntrl.allPageSizes(PageSize.SIZE_64K).render())
            .describe("The LDR_CNTRL options the instances should run with."));
  }

  @Override
  public List<String> selectors() {
    return List.of("sap_sid");
  }

  @Override
  public void verify(HostState host, Args args, List<String> problems, List<String> verified) {
    String sid = args.string("sap_sid");
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
}
