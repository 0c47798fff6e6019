package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Makes the systemd unit that starts a consumer give it the memlock it needs: a drop-in of
 * pagetune's own ({@code /etc/systemd/system/<unit>.d/}{@value #DROP_IN}); where a later drop-in
 * would still win, its line is edited when it lives in {@code /etc}, else the plan is refused. A
 * unit with {@code PAMName=} gets its memlock from pam_limits and is left to the limits files.
 */
public final class UnitMemlockPersistence {
  public static final String DROP_IN = "90-pagetune-memlock.conf";

  private UnitMemlockPersistence() {}

  /** The edits (none when the unit already gives enough), or why they cannot be made. */
  public record Result(List<FileEdit> edits, Optional<String> refusal) {
    public Result {
      edits = List.copyOf(edits);
    }
  }

  public static Result plan(MemlockStart start, long neededKb) {
    Optional<String> unit = start.unit();
    if (unit.isEmpty()) {
      return new Result(List.of(), Optional.empty());
    }
    SystemdMemlock.Setting now = SystemdMemlock.of(unit.get(), start.systemd());
    if (now.pamName().isPresent()) {
      return new Result(List.of(), Optional.empty());
    }
    String path = "/etc/systemd/system/" + unit.get() + ".d/" + DROP_IN;
    String value = neededKb + "K";
    String wanted =
        "# pagetune: huge pages need this much locked memory\n[Service]\nLimitMEMLOCK="
            + value
            + "\n";
    Optional<ConfFile> own =
        start.systemd().stream().filter(f -> f.path().equals(path)).findFirst();
    String ownNow = own.map(ConfFile::text).orElse("");
    List<FileEdit> edits = new ArrayList<>();
    boolean enough = now.limits().filter(l -> l.atLeast(neededKb)).isPresent();
    // a unit that already gives more keeps it; pagetune's own drop-in stays once written
    if (enough && (own.isEmpty() || now.where().startsWith(path + ":"))) {
      return new Result(List.of(), Optional.empty());
    }
    if (!ownNow.equals(wanted)) {
      edits.add(new FileEdit(path, ownNow, wanted, "memlock of " + unit.get()));
    }
    List<ConfFile> files = SysctlPrecedence.replacing(start.systemd(), path, wanted);
    SystemdMemlock.Setting after = SystemdMemlock.of(unit.get(), files);
    if (after.limits().filter(l -> l.atLeast(neededKb)).isPresent()) {
      return new Result(edits, Optional.empty());
    }
    String where = after.where();
    int colon = where.lastIndexOf(':');
    if (colon < 0 || !where.startsWith("/etc/")) {
      return new Result(
          List.of(),
          Optional.of(
              unit.get() + " would still start with " + after.describe() + " after " + path));
    }
    String winner = where.substring(0, colon);
    int line = Integer.parseInt(where.substring(colon + 1));
    ConfFile f = files.stream().filter(c -> c.path().equals(winner)).findFirst().orElseThrow();
    edits.add(
        new FileEdit(
            winner,
            f.text(),
            SysctlPrecedence.replaceValue(f.text(), line, value),
            "edited in place"));
    return new Result(edits, Optional.empty());
  }
}
