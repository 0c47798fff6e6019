package io.pagetune.modules.builtin;

import io.pagetune.modules.HostState;
import io.pagetune.modules.Plan;
import java.util.Map;

/**
 * What {@code copy} and {@code template} share: a whole content for {@code dest}, where a dest that
 * is a directory receives the file under the source's name, and {@code force: false} leaves an
 * existing file alone.
 */
final class ContentToFile {
  private ContentToFile() {}

  /**
   * @param nameInDirectory the file name to use when dest is a directory, or null when a directory
   *     dest is an error (inline content has no name)
   */
  static Plan plan(
      String module,
      HostState host,
      String dest,
      String nameInDirectory,
      byte[] content,
      FileAttributes attrs,
      boolean backup,
      boolean force) {
    CurrentFile current = CurrentFile.read(host, dest);
    if (current.isDirectory()) {
      if (nameInDirectory == null) {
        return Plan.failed(module + ": dest " + dest + " is a directory; give a file path");
      }
      String file = dest.endsWith("/") ? dest + nameInDirectory : dest + "/" + nameInDirectory;
      current = CurrentFile.read(host, file);
    } else if (dest.endsWith("/")) {
      return Plan.failed(module + ": dest " + dest + " ends with '/' but is not a directory");
    }
    if (current.parentMissing()) {
      // copy and template never create the directory; this is their message, word for word
      return Plan.failed(
          "Destination directory " + CurrentFile.parent(current.path()) + " does not exist");
    }
    if (!force && current.exists()) {
      return Plan.upToDate(current.path() + " exists and force is false")
          .withData(Map.of("dest", current.path()));
    }
    return FileUpdate.plan(current, content, attrs, backup)
        .withData(Map.of("dest", current.path()));
  }
}
