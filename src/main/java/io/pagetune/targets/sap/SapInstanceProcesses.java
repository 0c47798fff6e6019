package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which running processes belong to which instance of one SAP system, the way the platform tells: a
 * sapstart link name carries SID and instance ({@code ms.sapPRD_ASCS00}); otherwise the {@code pf=}
 * profile on the command line names it ({@code disp+work pf=/usr/sap/NWP/SYS/profile/NWP_D00_h});
 * otherwise the parent does (work processes are forked by their dispatcher, IGS workers by the
 * watchdog). A process none of these names is left out: an instance is never judged by processes
 * that are not provably its own.
 */
final class SapInstanceProcesses {
  private static final Pattern PF = Pattern.compile("(?:^|\\s)pf=(\\S+)");

  private SapInstanceProcesses() {}

  /** One attributed process and its kind. */
  record Member(ProcessPageSizes process, SapProcessKind kind) {}

  /**
   * @param sid the system
   * @param ps its processes
   * @param instanceByProfile instance label per profile file name (instance and start profiles)
   * @param instanceByName instance label per instance name ({@code D10}, {@code ASCS00})
   * @return the members of each instance label, in ps order; labels without processes are absent
   */
  public static Map<String, List<Member>> attribute(
      String sid,
      PsPageSizes ps,
      Map<String, String> instanceByProfile,
      Map<String, String> instanceByName) {
    Map<String, String> byPid = new HashMap<>();
    Map<String, ProcessPageSizes> rows = new LinkedHashMap<>();
    for (ProcessPageSizes p : ps.processes()) {
      rows.put(p.pid(), p);
      own(sid, p, instanceByProfile, instanceByName).ifPresent(i -> byPid.put(p.pid(), i));
    }
    // children inherit their parent's instance; repeat for grandchildren (bounded by the tree
    // depth)
    for (boolean grew = true; grew; ) {
      grew = false;
      for (ProcessPageSizes p : rows.values()) {
        if (!byPid.containsKey(p.pid()) && byPid.containsKey(p.ppid())) {
          byPid.put(p.pid(), byPid.get(p.ppid()));
          grew = true;
        }
      }
    }
    Map<String, List<Member>> out = new LinkedHashMap<>();
    for (ProcessPageSizes p : rows.values()) {
      String instance = byPid.get(p.pid());
      if (instance == null) {
        continue;
      }
      SapProcessKind kind = SapProcessKind.of(p.program());
      ProcessPageSizes parent = rows.get(p.ppid());
      if (kind == SapProcessKind.DISPATCHER
          && parent != null
          && SapProcessKind.of(parent.program()) == SapProcessKind.DISPATCHER) {
        kind = SapProcessKind.WORK_PROCESS;
      }
      out.computeIfAbsent(instance, k -> new ArrayList<>()).add(new Member(p, kind));
    }
    return out;
  }

  /**
   * The processes of sapstart-started kinds that neither they nor an ancestor name an instance of
   * any system by link name or {@code pf=}: the ones that cannot be told apart.
   */
  public static List<Member> unnamed(PsPageSizes ps) {
    Map<String, ProcessPageSizes> rows = new LinkedHashMap<>();
    ps.processes().forEach(p -> rows.put(p.pid(), p));
    List<Member> out = new ArrayList<>();
    for (ProcessPageSizes p : rows.values()) {
      SapProcessKind kind = SapProcessKind.of(p.program());
      if (kind.startedWithProfileEnvironment() && !namedInLine(p, rows)) {
        out.add(new Member(p, kind));
      }
    }
    return out;
  }

  private static boolean namedInLine(ProcessPageSizes p, Map<String, ProcessPageSizes> rows) {
    // bounded by the number of rows, so a pid cycle in a torn ps snapshot cannot loop
    ProcessPageSizes at = p;
    for (int i = 0; at != null && i <= rows.size(); i++) {
      if (SapProcessKind.linkInstance(at.program()).isPresent()
          || PF.matcher(at.command()).find()) {
        return true;
      }
      at = rows.get(at.ppid());
    }
    return false;
  }

  private static Optional<String> own(
      String sid,
      ProcessPageSizes p,
      Map<String, String> instanceByProfile,
      Map<String, String> instanceByName) {
    Optional<String[]> link = SapProcessKind.linkInstance(p.program());
    if (link.isPresent()) {
      return link.get()[0].equals(sid)
          ? Optional.ofNullable(instanceByName.get(link.get()[1]))
          : Optional.empty();
    }
    Matcher m = PF.matcher(p.command());
    if (m.find()) {
      String path = m.group(1);
      return Optional.ofNullable(instanceByProfile.get(path.substring(path.lastIndexOf('/') + 1)));
    }
    return Optional.empty();
  }
}
