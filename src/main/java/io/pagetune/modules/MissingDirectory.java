package io.pagetune.modules;

import io.pagetune.connection.FileMeta;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A plan that writes a file into a directory which neither exists on the host nor is made by an
 * earlier step of the same plan fails as a whole, before anything is written. Without this, check
 * mode would report the write as a change while the apply fails on it (after the plan's earlier
 * steps already ran), whichever module planned it.
 */
public final class MissingDirectory {

  private MissingDirectory() {}

  /** The plan, or a failed plan naming the first write whose directory is missing. */
  public static Plan refuse(Plan plan, HostState host, String module) {
    return find(plan.steps(), host).map(reason -> Plan.failed(module + ": " + reason)).orElse(plan);
  }

  /** Why a write of these steps cannot happen, or empty. */
  public static Optional<String> find(List<Step> steps, HostState host) {
    Set<String> made = new HashSet<>();
    for (Step step : steps) {
      Optional<FileEffect> effect = FileEffect.of(step);
      if (effect.isEmpty()) {
        if (step instanceof Step.Exec) {
          // a command whose effect is not declared may create the directory: nothing to judge
          return Optional.empty();
        }
        continue;
      }
      String path = effect.get().path();
      switch (effect.get().kind()) {
        case MAKE_DIRECTORY -> {
          for (String p = path; p.startsWith("/") && !p.equals("/"); p = parent(p)) {
            made.add(p);
          }
        }
        case WRITE -> {
          String dir = parent(path);
          if (path.startsWith("/") && !made.contains(dir) && !isDirectory(host, dir)) {
            return Optional.of("cannot write " + path + ": directory " + dir + " does not exist");
          }
        }
        default -> {}
      }
    }
    return Optional.empty();
  }

  private static boolean isDirectory(HostState host, String dir) {
    // a symlinked directory is trusted to lead to one: stat does not follow links
    return host.stat(dir)
        .map(m -> m.type() == FileMeta.Type.DIRECTORY || m.type() == FileMeta.Type.SYMLINK)
        .orElse(false);
  }

  private static String parent(String path) {
    String trimmed = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    int slash = trimmed.lastIndexOf('/');
    return slash <= 0 ? "/" : trimmed.substring(0, slash);
  }
}
