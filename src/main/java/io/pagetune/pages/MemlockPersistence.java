package io.pagetune.pages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a login of the Oracle user get at least the memlock the pool needs, by pam_limits' rules
 * ({@link PamLimitsPrecedence}). A limit that already is at least that (or unlimited) stays as it
 * is: nothing is written. Otherwise pagetune's limits.d file gets the value, and a line that would
 * still win over it (a later file such as the preinstall package's {@code
 * oracle-database-preinstall-19c.conf}, or a user line beating pagetune's) is edited in place.
 */
public final class MemlockPersistence {
  private MemlockPersistence() {}

  public record Result(
      List<FileEdit> edits,
      PamLimitsPrecedence.Memlock before,
      PamLimitsPrecedence.Memlock after,
      List<String> notes) {}

  public static Result plan(
      List<ConfFile> limitsFiles,
      String user,
      Set<String> groups,
      String ownPath,
      String ownNow,
      String ownWanted,
      long neededKb) {
    List<ConfFile> now = SysctlPrecedence.replacing(limitsFiles, ownPath, ownNow);
    PamLimitsPrecedence.Memlock before = PamLimitsPrecedence.of(now).memlock(user, groups);
    List<String> notes = new ArrayList<>();
    if (before.atLeast(neededKb)) {
      notes.add(
          "memlock of "
              + user
              + " stays "
              + before.describe()
              + ": at least the "
              + neededKb
              + " kB needed");
      return new Result(List.of(), before, before, notes);
    }
    Map<String, FileEdit> edits = new LinkedHashMap<>();
    if (!ownNow.equals(ownWanted)) {
      edits.put(ownPath, new FileEdit(ownPath, ownNow, ownWanted, "pagetune's limits file"));
    }
    List<ConfFile> files = SysctlPrecedence.replacing(limitsFiles, ownPath, ownWanted);
    PamLimitsPrecedence.Memlock after = PamLimitsPrecedence.of(files).memlock(user, groups);
    for (Optional<PamLimitsPrecedence.MemlockLine> line : List.of(after.soft(), after.hard())) {
      if (line.isEmpty() || line.get().limit().atLeast(neededKb)) {
        continue;
      }
      PamLimitsPrecedence.MemlockLine l = line.get();
      ConfFile f = files.stream().filter(c -> c.path().equals(l.path())).findFirst().orElseThrow();
      String text = f.text();
      String edited = PamLimitsPrecedence.replaceLimit(text, l.line(), Long.toString(neededKb));
      FileEdit prior = edits.get(f.path());
      edits.put(
          f.path(),
          new FileEdit(f.path(), prior == null ? text : prior.before(), edited, "edited in place"));
      files = SysctlPrecedence.replacing(files, f.path(), edited);
      notes.add(
          "memlock: "
              + l.where()
              + " ("
              + l.limit()
              + ") would win over "
              + ownPath
              + " for "
              + user
              + "; edited in place");
      after = PamLimitsPrecedence.of(files).memlock(user, groups);
    }
    return new Result(List.copyOf(edits.values()), before, after, notes);
  }
}
