package io.pagetune.linux.sysctl;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds and merges the tuned profiles boot applies, as tuned's loader does (tuned.conf(5)): the
 * names in {@code /etc/tuned/active_profile} in order, each profile's {@code tuned.conf} looked up
 * in {@link #DIRECTORIES} ({@code /etc/tuned} before {@code /usr/lib/tuned}; a file already loaded
 * is skipped, so {@code /etc/tuned/x} may include the vendor's {@code x}), and a profile's {@code
 * [main] include=} (names split at {@code ,} or {@code ;}) loaded before the profile itself, so the
 * child overrides its parents and a later active profile the earlier ones.
 */
public final class TunedProfiles {
  /** In lookup order: the first directory holding {@code <name>/tuned.conf} wins. */
  public static final List<String> DIRECTORIES =
      List.of("/etc/tuned/profiles", "/etc/tuned", "/usr/lib/tuned/profiles", "/usr/lib/tuned");

  public static final String ACTIVE_PROFILE = "/etc/tuned/active_profile";
  public static final String TUNED_MAIN = "/etc/tuned/tuned-main.conf";

  private static final Pattern SAFE_NAME = Pattern.compile("[a-zA-Z0-9_.-]+");

  private final List<ConfFile> found;
  private final List<ConfFile> chain = new ArrayList<>();
  private final List<String> loaded = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();

  private TunedProfiles(List<ConfFile> found) {
    this.found = found;
  }

  /**
   * The merged profile for {@code activeProfile}'s text from the profile files the snippet found;
   * empty when no profile is active.
   */
  public static Optional<TunedProfile> load(List<ConfFile> found, String activeProfile) {
    List<String> names =
        List.of(activeProfile.strip().split("\\s+")).stream()
            .filter(n -> SAFE_NAME.matcher(n).matches())
            .toList();
    if (names.isEmpty()) {
      return Optional.empty();
    }
    TunedProfiles loader = new TunedProfiles(List.copyOf(found));
    loader.loadAll(names);
    return Optional.of(new TunedProfile(String.join(" ", names), loader.chain, loader.problems));
  }

  private void loadAll(List<String> names) {
    for (String name : names) {
      Optional<ConfFile> f = locate(name);
      if (f.isEmpty()) {
        problems.add(
            "the tuned profile "
                + name
                + " is not in "
                + String.join(", ", DIRECTORIES)
                + " (tuned refuses to load it)");
        continue;
      }
      // marked as loaded before its includes: a cycle ends where tuned's loader ends it
      loaded.add(f.get().path());
      Optional<SysctlAssignment> include =
          new TunedProfile(name, f.get()).option("main", "include");
      if (include.isPresent() && include.get().value().contains("${")) {
        problems.add(
            "tuned's include at "
                + include.get().where()
                + " names a variable: "
                + include.get().value());
      } else if (include.isPresent()) {
        loadAll(
            List.of(include.get().value().strip().split("\\s*[,;]\\s*")).stream()
                .filter(n -> !n.isEmpty())
                .toList());
      }
      // after its parents: the child's options override theirs
      chain.add(f.get());
    }
  }

  /** The first {@code <dir>/<name>/tuned.conf} found that is not loaded yet. */
  private Optional<ConfFile> locate(String name) {
    for (String dir : DIRECTORIES) {
      String path = dir + "/" + name + "/tuned.conf";
      if (loaded.contains(path)) {
        continue;
      }
      Optional<ConfFile> f = found.stream().filter(c -> c.path().equals(path)).findFirst();
      if (f.isPresent()) {
        return f;
      }
    }
    return Optional.empty();
  }
}
