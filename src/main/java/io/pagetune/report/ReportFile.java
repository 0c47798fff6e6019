package io.pagetune.report;

import io.pagetune.error.EnvironmentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a report file whole or not at all: a temp file beside it, then a rename, so a reader (a CI
 * job, a browser) never sees half a report and an earlier report survives a failed write.
 */
public final class ReportFile {
  private ReportFile() {}

  public static void write(Path file, String content) {
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    Path tmp = null;
    try {
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
      Files.writeString(tmp, content, StandardCharsets.UTF_8);
      // a temp file is owner-only; a report is for whoever may read its directory
      if (Files.getFileStore(tmp).supportsFileAttributeView("posix")) {
        Files.setPosixFilePermissions(
            tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
      }
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new EnvironmentException("cannot write report " + file + ": " + e.getMessage(), e);
    } finally {
      if (tmp != null) {
        try {
          Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
          // best effort: the report itself was written or the error above says why not
        }
      }
    }
  }
}
