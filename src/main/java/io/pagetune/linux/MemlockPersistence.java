package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a login of every user that owns a huge-page consumer ({@code oracle}, {@code grid}) get at
 * least the memlock the pool needs, by pam_limits' rules ({@link PamLimitsPrecedence}). A user
 * whose other configuration already gives more (or unlimited) gets no line in pagetune's file, so
 * it is never lowered; the others get one, and a line that would still win over it (a later file
 * such as the preinstall package's {@code oracle-database-preinstall-19c.conf}) is edited in place.
 */
public final class MemlockPersistence {
  private MemlockPersistence() {}

  /** Per user: what a login gets before and after, and the words for the plan. */
  public record Result(
      List<FileEdit> edits,
      Map<String, PamLimitsPrecedence.Memlock> before,
      Map<String, PamLimitsPrecedence.Memlock> after,
      Map<String, List<String>> notes) {}

  /**
   * The users whose configuration without pagetune's own file gives less than more than {@code
   * neededKb}: they get lines in pagetune's file. "More than", not "at least": a line pagetune
   * edited to exactly the need keeps its user in the file, so the plan stays the same after apply.
   */
  public static List<String> usersNeedingLines(
      List<ConfFile> limitsFiles, Map<String, Set<String>> users, String ownPath, long neededKb) {
    List<ConfFile> others = limitsFiles.stream().filter(f -> !f.path().equals(ownPath)).toList();
    PamLimitsPrecedence p = PamLimitsPrecedence.of(others);
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Set<String>> u : users.entrySet()) {
      PamLimitsPrecedence.Memlock m = p.memlock(u.getKey(), u.getValue());
      if (!(more(m.soft(), neededKb) && more(m.hard(), neededKb))) {
        out.add(u.getKey());
      }
    }
    return out;
  }

  private static boolean more(Optional<PamLimitsPrecedence.MemlockLine> l, long kb) {
    return l.isPresent() && (l.get().limit().unlimited() || l.get().limit().kb().getAsLong() > kb);
  }

  public static Result plan(
      List<ConfFile> limitsFiles,
      Map<String, Set<String>> users,
      String ownPath,
      String ownNow,
      String ownWanted,
      long neededKb) {
    List<ConfFile> now = SysctlPrecedence.replacing(limitsFiles, ownPath, ownNow);
    Map<String, PamLimitsPrecedence.Memlock> before = new LinkedHashMap<>();
    users.forEach((u, g) -> before.put(u, PamLimitsPrecedence.of(now).memlock(u, g)));
    Map<String, List<String>> notes = new LinkedHashMap<>();
    users.keySet().forEach(u -> notes.put(u, new ArrayList<>()));

    Map<String, FileEdit> edits = new LinkedHashMap<>();
    if (!ownNow.equals(ownWanted)) {
      edits.put(ownPath, new FileEdit(ownPath, ownNow, ownWanted, "pagetune's limits file"));
    }
    List<ConfFile> files = SysctlPrecedence.replacing(limitsFiles, ownPath, ownWanted);
    Map<String, PamLimitsPrecedence.Memlock> after = new LinkedHashMap<>();
    for (Map.Entry<String, Set<String>> u : users.entrySet()) {
      String user = u.getKey();
      PamLimitsPrecedence.Memlock m = PamLimitsPrecedence.of(files).memlock(user, u.getValue());
      if (before.get(user).atLeast(neededKb) && m.atLeast(neededKb)) {
        notes
            .get(user)
            .add(
                "memlock of "
                    + user
                    + " stays "
                    + before.get(user).describe()
                    + ": at least the "
                    + neededKb
                    + " kB needed");
      }
      for (boolean soft : new boolean[] {true, false}) {
        Optional<PamLimitsPrecedence.MemlockLine> line = soft ? m.soft() : m.hard();
        if (line.isEmpty() || line.get().limit().atLeast(neededKb)) {
          continue;
        }
        PamLimitsPrecedence.MemlockLine l = line.get();
        ConfFile f =
            files.stream().filter(c -> c.path().equals(l.path())).findFirst().orElseThrow();
        String edited =
            PamLimitsPrecedence.replaceLimit(f.text(), l.line(), Long.toString(neededKb));
        FileEdit prior = edits.get(f.path());
        edits.put(
            f.path(),
            new FileEdit(
                f.path(), prior == null ? f.text() : prior.before(), edited, "edited in place"));
        files = SysctlPrecedence.replacing(files, f.path(), edited);
        notes
            .get(user)
            .add(
                "memlock: "
                    + l.where()
                    + " ("
                    + l.limit()
                    + ") would win over "
                    + ownPath
                    + " for "
                    + user
                    + "; edited in place");
        m = PamLimitsPrecedence.of(files).memlock(user, u.getValue());
      }
      after.put(user, m);
    }
    return new Result(List.copyOf(edits.values()), before, after, notes);
  }
}
