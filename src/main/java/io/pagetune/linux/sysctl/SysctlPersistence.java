package io.pagetune.linux.sysctl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Makes boot apply the desired sysctl values (domain.md §5a): pagetune's own sysctl.d file gets
 * them; where another assignment would still win, it is edited in place when it lives in {@code
 * /etc} (the administrator's files), or shadowed by a copy of the same name in {@code
 * /etc/sysctl.d} when it is a vendor file ({@code /usr/lib}, {@code /lib}, {@code /run}), so that
 * package updates cannot bring it back. A tuned profile that applies the key after sysctl counts
 * too: its line is edited when the profile is in {@code /etc/tuned}, otherwise the plan is refused.
 */
public final class SysctlPersistence {
  private SysctlPersistence() {}

  /** Where the value boot applies comes from: a sysctl file, or the tuned profile. */
  public record BootValue(String key, Optional<SysctlAssignment> assignment, boolean tuned) {
    public String value() {
      return assignment.map(SysctlAssignment::value).orElse("");
    }

    public String describe() {
      return assignment
          .map(
              a ->
                  key
                      + " = "
                      + a.value()
                      + " ("
                      + (tuned ? "tuned profile, " : "")
                      + a.where()
                      + ")")
          .orElse(key + " is not set by any boot configuration");
    }
  }

  /** The edits (own file first), what boot applies afterwards, the notes, or why it cannot. */
  public record Result(
      List<FileEdit> edits,
      Map<String, BootValue> before,
      Map<String, BootValue> after,
      List<String> notes,
      Optional<String> refusal) {}

  /** The value boot ends with for {@code key}: the sysctl winner, unless tuned applies it later. */
  public static BootValue bootValue(
      List<ConfFile> sysctlFiles, Optional<TunedProfile> tuned, boolean reapply, String key) {
    SysctlPrecedence p = SysctlPrecedence.of(sysctlFiles);
    Optional<SysctlAssignment> fromFiles = p.winner(key);
    Optional<SysctlAssignment> fromTuned = tuned.flatMap(t -> t.sysctl(key));
    if (fromTuned.isEmpty()) {
      return new BootValue(key, fromFiles, false);
    }
    if (reapply) {
      // tuned applies /run/sysctl.d, /etc/sysctl.d and /etc/sysctl.conf again after its profile
      List<SysctlAssignment> reapplied =
          p.assignments(key).stream()
              .filter(
                  a ->
                      a.path().startsWith("/etc/sysctl.d/")
                          || a.path().startsWith("/run/sysctl.d/")
                          || a.path().equals(SysctlPrecedence.SYSCTL_CONF))
              .toList();
      if (!reapplied.isEmpty()) {
        return new BootValue(key, Optional.of(reapplied.get(reapplied.size() - 1)), false);
      }
    }
    return new BootValue(key, fromTuned, true);
  }

  public static Result plan(
      SysctlBootFiles boot,
      String ownPath,
      String ownNow,
      String ownWanted,
      Map<String, String> desired) {
    Optional<TunedProfile> tuned = boot.tunedProfile();
    boolean reapply = TunedProfile.reapplySysctl(boot.tunedMain());
    List<ConfFile> now = SysctlPrecedence.replacing(boot.sysctl(), ownPath, ownNow);
    Map<String, BootValue> before = new LinkedHashMap<>();
    desired.keySet().forEach(k -> before.put(k, bootValue(now, tuned, reapply, k)));
    Optional<String> unreadable =
        tuned.filter(t -> !reapply && !t.problems().isEmpty()).map(t -> t.problems().get(0));
    if (unreadable.isPresent()) {
      // tuned applies its profile after sysctl and nothing re-applies sysctl.d: never guess it
      return new Result(
          List.of(),
          before,
          before,
          List.of(),
          Optional.of(
              "cannot tell what tuned applies after sysctl at boot (reapply_sysctl is off): "
                  + unreadable.get()));
    }

    Overrides o =
        new Overrides(
            ownPath, reapply, SysctlPrecedence.replacing(boot.sysctl(), ownPath, ownWanted), tuned);
    if (!ownNow.equals(ownWanted)) {
      o.edits.put(ownPath, new FileEdit(ownPath, ownNow, ownWanted, "pagetune's sysctl file"));
    }
    for (Map.Entry<String, String> d : desired.entrySet()) {
      Optional<String> refusal = o.ensure(d.getKey(), d.getValue());
      if (refusal.isPresent()) {
        return new Result(List.of(), before, before, o.notes, refusal);
      }
    }
    Map<String, BootValue> after = new LinkedHashMap<>();
    for (String k : desired.keySet()) {
      after.put(k, bootValue(o.files, o.tunedAfter, reapply, k));
    }
    return new Result(List.copyOf(o.edits.values()), before, after, o.notes, Optional.empty());
  }

  /**
   * The edits that make each desired value win at boot, made one key at a time: an assignment that
   * would win over pagetune's file is edited in place ({@code /etc}, a tuned profile there) or
   * shadowed in {@code /etc/sysctl.d} (a vendor file); later keys see the earlier edits.
   */
  private static final class Overrides {
    private final String ownPath;
    private final boolean reapply;
    private final Map<String, FileEdit> edits = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private List<ConfFile> files;
    private Optional<TunedProfile> tunedAfter;

    Overrides(String ownPath, boolean reapply, List<ConfFile> files, Optional<TunedProfile> tuned) {
      this.ownPath = ownPath;
      this.reapply = reapply;
      this.files = files;
      this.tunedAfter = tuned;
    }

    /** Makes {@code key = wanted} win at boot; the refusal when no edit can. */
    Optional<String> ensure(String key, String wanted) {
      BootValue win = bootValue(files, tunedAfter, reapply, key);
      if (win.value().equals(wanted)) {
        win.assignment()
            .filter(a -> !a.path().equals(ownPath))
            .ifPresent(a -> notes.add(key + ": " + a.where() + " already sets " + a.value()));
        return Optional.empty();
      }
      if (win.assignment().isEmpty()) {
        return Optional.of(
            ownPath + " as rendered does not set " + key + " (check sysctl_template)");
      }
      SysctlAssignment a = win.assignment().get();
      if (win.tuned()) {
        return tuned(key, wanted, a);
      }
      ConfFile winner =
          files.stream().filter(f -> f.path().equals(a.path())).findFirst().orElseThrow();
      String text = edited(edits, winner.path(), winner.text());
      String after = SysctlPrecedence.replaceValue(text, a.line(), wanted);
      if (a.path().startsWith("/etc/")) {
        edits.put(a.path(), edit(edits, a.path(), text, after, "edited in place"));
        files = SysctlPrecedence.replacing(files, a.path(), after);
        notes.add(
            key
                + ": "
                + a.where()
                + " ("
                + a.value()
                + ") would win over "
                + ownPath
                + "; edited in place");
      } else {
        String shadow = "/etc/sysctl.d/" + winner.name();
        edits.put(shadow, new FileEdit(shadow, "", after, "shadows " + winner.path()));
        files = SysctlPrecedence.replacing(files, shadow, after);
        notes.add(
            key
                + ": the vendor file "
                + a.where()
                + " ("
                + a.value()
                + ") would win over "
                + ownPath
                + "; shadowed by "
                + shadow
                + " with the value changed");
      }
      return Optional.empty();
    }

    /** The tuned profile's assignment, applied after sysctl: edited where it is in /etc/tuned. */
    private Optional<String> tuned(String key, String wanted, SysctlAssignment a) {
      if (!a.path().startsWith("/etc/tuned/")) {
        return Optional.of(
            "the tuned profile "
                + tunedAfter.get().name()
                + " sets "
                + key
                + " = "
                + a.value()
                + " at "
                + a.where()
                + " after sysctl (reapply_sysctl is off); make a custom profile in"
                + " /etc/tuned that includes it and sets "
                + key
                + " = "
                + wanted);
      }
      String text = edited(edits, a.path(), tunedAfter.get().file(a.path()).orElseThrow().text());
      String after = SysctlPrecedence.replaceValue(text, a.line(), wanted);
      edits.put(a.path(), edit(edits, a.path(), text, after, "tuned profile"));
      tunedAfter = Optional.of(tunedAfter.get().withText(a.path(), after));
      notes.add(
          key
              + ": the tuned profile "
              + tunedAfter.get().name()
              + " ("
              + a.where()
              + ") applies "
              + a.value()
              + " after sysctl; edited in place");
      return Optional.empty();
    }
  }

  private static String edited(Map<String, FileEdit> edits, String path, String original) {
    FileEdit e = edits.get(path);
    return e == null ? original : e.after();
  }

  private static FileEdit edit(
      Map<String, FileEdit> edits, String path, String text, String after, String why) {
    FileEdit e = edits.get(path);
    return new FileEdit(path, e == null ? text : e.before(), after, why);
  }
}
