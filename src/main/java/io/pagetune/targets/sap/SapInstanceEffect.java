package io.pagetune.targets.sap;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether one SAP instance runs with the desired {@code LDR_CNTRL} page sizes: every process that
 * sapstart started for it (sapstart, dispatcher and work processes, message and enqueue servers,
 * replicator, gateway, ICM, IGS, jstart) shows them in {@code ps -Z}. sapstartsrv is not judged: it
 * keeps its sizes until the service itself is restarted. An instance without such processes is not
 * running, and so not effective.
 *
 * @param running the instance has processes started by sapstart
 * @param effective running and every such process at the desired sizes
 * @param value the sizes per process kind, in the ps columns' order
 * @param reasons per process kind, what is not at the desired size (empty when effective)
 * @param kinds the kind of each judged process
 * @param here the instance is one this host starts (sapservices), so this host can judge it
 */
record SapInstanceEffect(
    String instance,
    boolean here,
    boolean running,
    boolean effective,
    String value,
    List<String> reasons,
    List<SapProcessKind> kinds) {
  /** The ps column of each {@code *PSIZE} option (domain.md §1.2). */
  public static final Map<String, String> PS_COLUMN =
      Map.of(
          "DATAPSIZE", "DPGSZ", "STACKPSIZE", "SPGSZ", "TEXTPSIZE", "TPGSZ", "SHMPSIZE", "SHMPGSZ");

  public SapInstanceEffect {
    reasons = List.copyOf(reasons);
    kinds = List.copyOf(kinds);
  }

  /** How many judged processes are of one of {@code wanted}. */
  public long count(SapProcessKind... wanted) {
    List<SapProcessKind> w = List.of(wanted);
    return kinds.stream().filter(w::contains).count();
  }

  public static SapInstanceEffect of(
      String instance,
      List<SapInstanceProcesses.Member> members,
      List<String> sizeColumns,
      LdrCntrl desired) {
    List<SapInstanceProcesses.Member> judged =
        members.stream().filter(m -> m.kind().startedWithProfileEnvironment()).toList();
    if (judged.isEmpty()) {
      return new SapInstanceEffect(
          instance,
          true,
          false,
          false,
          "not running",
          List.of(instance + ": not running on this host, so nothing runs with the setting yet"),
          List.of());
    }
    Map<String, PageSize> want = wanted(sizeColumns, desired);
    // per kind (and program name, as the platform shows it): the columns off and the pids
    Map<String, Set<String>> offColumns = new LinkedHashMap<>();
    Map<String, List<String>> offPids = new LinkedHashMap<>();
    Map<String, Integer> counts = new LinkedHashMap<>();
    Map<String, Set<String>> values = new LinkedHashMap<>();
    for (SapInstanceProcesses.Member m : judged) {
      String who = m.kind().label() + " " + m.process().program();
      counts.merge(who, 1, Integer::sum);
      values.computeIfAbsent(who, k -> new LinkedHashSet<>()).add(render(m.process(), sizeColumns));
      for (Map.Entry<String, PageSize> w : want.entrySet()) {
        PageSize have = m.process().sizes().get(w.getKey());
        if (!w.getValue().equals(have)) {
          offColumns
              .computeIfAbsent(who, k -> new LinkedHashSet<>())
              .add(w.getKey() + "=" + (have == null ? "?" : have));
          List<String> pids = offPids.computeIfAbsent(who, k -> new ArrayList<>());
          if (!pids.contains(m.process().pid())) {
            pids.add(m.process().pid());
          }
        }
      }
    }
    List<String> reasons = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : offColumns.entrySet()) {
      List<String> pids = offPids.get(e.getKey());
      reasons.add(
          instance
              + ": "
              + e.getKey()
              + " ("
              + pids.size()
              + " of "
              + counts.get(e.getKey())
              + ", pid "
              + String.join(" ", pids)
              + ") still at "
              + String.join(", ", e.getValue()));
    }
    List<String> shown = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : values.entrySet()) {
      shown.add(e.getKey() + " " + String.join("|", e.getValue()));
    }
    String value = String.join("/", sizeColumns) + ": " + String.join(", ", shown);
    return new SapInstanceEffect(
        instance,
        true,
        true,
        reasons.isEmpty(),
        value,
        reasons,
        judged.stream().map(SapInstanceProcesses.Member::kind).toList());
  }

  /**
   * Every instance of {@code system} judged by its own processes ({@link SapInstanceProcesses}); an
   * instance none of whose processes names it is judged by the processes that name no instance
   * ({@link SapUnattributedInstance}), in the order of {@code instances}.
   */
  public static List<SapInstanceEffect> forSystem(
      SapSystemFacts system, List<SapInstanceProfiles> instances, LdrCntrl desired) {
    Map<String, String> byProfile = new LinkedHashMap<>();
    Map<String, String> byName = new LinkedHashMap<>();
    for (SapInstanceProfiles i : instances) {
      i.files().forEach(f -> byProfile.put(f, i.instance()));
      byName.putIfAbsent(i.instance().split("@", 2)[0], i.instance());
    }
    Map<String, List<SapInstanceProcesses.Member>> members =
        SapInstanceProcesses.attribute(system.sid(), system.processes(), byProfile, byName);
    // SAP processes that name no instance (no pf=, no link name, nor does a parent)
    List<SapInstanceProcesses.Member> anonymous = SapInstanceProcesses.unnamed(system.processes());
    List<SapInstanceEffect> out = new ArrayList<>();
    for (SapInstanceProfiles i : instances) {
      List<SapInstanceProcesses.Member> own = members.getOrDefault(i.instance(), List.of());
      if (!system.startedHere(i.files())) {
        out.add(
            new SapInstanceEffect(
                i.instance(),
                false,
                false,
                false,
                "on another host",
                List.of(
                    i.instance()
                        + ": not started on this host (no active line of /usr/sap/sapservices"
                        + " names its profile): its own host verifies it"),
                List.of()));
      } else if (own.isEmpty() && !anonymous.isEmpty()) {
        out.add(
            SapUnattributedInstance.judge(
                i.instance(), anonymous, system.processes().sizeColumns(), desired));
      } else {
        out.add(of(i.instance(), own, system.processes().sizeColumns(), desired));
      }
    }
    return out;
  }

  /** The desired size per ps column the layout shows. */
  private static Map<String, PageSize> wanted(List<String> sizeColumns, LdrCntrl desired) {
    Map<String, PageSize> want = new LinkedHashMap<>();
    for (LdrCntrl.Option o : desired.options()) {
      String column = PS_COLUMN.get(o.name().toUpperCase(Locale.ROOT));
      Optional<PageSize> size = PageSize.parse(o.value());
      if (column != null && size.isPresent() && sizeColumns.contains(column)) {
        want.put(column, size.get());
      }
    }
    return want;
  }

  /** Whether one process shows every desired size its ps layout has a column for. */
  static boolean atDesired(ProcessPageSizes p, List<String> sizeColumns, LdrCntrl desired) {
    return wanted(sizeColumns, desired).entrySet().stream()
        .allMatch(w -> w.getValue().equals(p.sizes().get(w.getKey())));
  }

  private static String render(ProcessPageSizes p, List<String> columns) {
    List<String> out = new ArrayList<>();
    for (String c : columns) {
      PageSize s = p.sizes().get(c);
      out.add(s == null ? "?" : s.toString());
    }
    return String.join("/", out);
  }
}
