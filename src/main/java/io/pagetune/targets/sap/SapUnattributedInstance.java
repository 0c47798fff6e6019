package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The verdict on an instance none of whose processes name it (a process table with program names
 * only, a Java system's jstart/msg_server/enserver without {@code pf=}): it runs when every process
 * kind its type needs is among the SID's unattributed processes, and it is effective when every
 * unattributed process it could own is at the desired sizes. Processes not at the sizes that could
 * be its own keep it pending, named, because nothing proves they belong to another instance.
 */
final class SapUnattributedInstance {
  /** Kinds any instance's sapstart may start. */
  private static final Set<SapProcessKind> SHARED =
      EnumSet.of(
          SapProcessKind.SAPSTART, SapProcessKind.GATEWAY, SapProcessKind.ICM, SapProcessKind.IGS);

  private SapUnattributedInstance() {}

  /** The kinds an instance of this name cannot run without (its type: ASCS, ERS, D, J…). */
  static Set<SapProcessKind> required(String instance) {
    String type = instance.split("@", 2)[0].replaceAll("[0-9]+$", "");
    return switch (type) {
      case "ASCS", "SCS" ->
          EnumSet.of(SapProcessKind.MESSAGE_SERVER, SapProcessKind.ENQUEUE_SERVER);
      case "ERS" -> EnumSet.of(SapProcessKind.ENQUEUE_REPLICATOR);
      case "D", "DVEBMGS" -> EnumSet.of(SapProcessKind.DISPATCHER);
      case "J" -> EnumSet.of(SapProcessKind.JAVA);
      default -> EnumSet.of(SapProcessKind.SAPSTART);
    };
  }

  /** The kinds an instance of this name may run. */
  static Set<SapProcessKind> possible(String instance) {
    String type = instance.split("@", 2)[0].replaceAll("[0-9]+$", "");
    Set<SapProcessKind> out = EnumSet.copyOf(SHARED);
    out.addAll(required(instance));
    switch (type) {
      case "ASCS", "SCS", "ERS", "J" -> {}
      case "D" -> out.add(SapProcessKind.WORK_PROCESS);
      // the central instance of old layouts runs the message and enqueue servers too
      case "DVEBMGS" ->
          out.addAll(
              EnumSet.of(
                  SapProcessKind.WORK_PROCESS,
                  SapProcessKind.MESSAGE_SERVER,
                  SapProcessKind.ENQUEUE_SERVER));
      default -> out.addAll(EnumSet.allOf(SapProcessKind.class));
    }
    return out;
  }

  /**
   * @param instance the instance label
   * @param unattributed the SID's processes that name no instance (sapstart-started kinds only)
   * @param sizeColumns the ps size columns
   * @param desired the wanted options
   */
  static SapInstanceEffect judge(
      String instance,
      List<SapInstanceProcesses.Member> unattributed,
      List<String> sizeColumns,
      LdrCntrl desired) {
    Set<SapProcessKind> present = EnumSet.noneOf(SapProcessKind.class);
    unattributed.forEach(m -> present.add(m.kind()));
    Set<SapProcessKind> missing = EnumSet.copyOf(required(instance));
    missing.removeAll(present);
    if (!missing.isEmpty()) {
      return new SapInstanceEffect(
          instance,
          true,
          false,
          false,
          "not running",
          List.of(
              instance
                  + ": not running (no "
                  + String.join(", ", missing.stream().map(SapProcessKind::label).toList())
                  + " process of the SID), so nothing runs with the setting yet"),
          List.of());
    }
    Set<SapProcessKind> possible = possible(instance);
    List<SapInstanceProcesses.Member> candidates =
        unattributed.stream().filter(m -> possible.contains(m.kind())).toList();
    SapInstanceEffect byAll = SapInstanceEffect.of(instance, candidates, sizeColumns, desired);
    if (byAll.effective()) {
      return new SapInstanceEffect(
          instance,
          true,
          true,
          true,
          byAll.value() + " (processes without pf=; all it could own are at the sizes)",
          List.of(),
          byAll.kinds());
    }
    List<String> off = new ArrayList<>();
    for (SapInstanceProcesses.Member m : candidates) {
      if (!SapInstanceEffect.atDesired(m.process(), sizeColumns, desired)) {
        off.add(m.process().program() + " " + m.process().pid());
      }
    }
    List<String> reasons = new ArrayList<>();
    reasons.add(
        instance
            + ": its processes cannot be told apart (no pf= profile or instance name in ps), and "
            + String.join(", ", off)
            + " it could own "
            + (off.size() == 1 ? "is" : "are")
            + " not at "
            + desired.render());
    return new SapInstanceEffect(
        instance, true, true, false, byAll.value(), reasons, byAll.kinds());
  }
}
