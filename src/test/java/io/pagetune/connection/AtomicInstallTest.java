package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shared install chain, run by a real /bin/sh on real files. */
class AtomicInstallTest {
  @TempDir Path dir;

  private String run(String script) throws Exception {
    Process p = new ProcessBuilder("/bin/sh", "-c", script).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out.strip();
  }

  private String install(Path tmp, Path target, int length, boolean stage) throws Exception {
    String chain = AtomicInstall.chain(length, stage, 0640, null, null, target.toString());
    String vars = stage ? "s=" + ShellQuote.quote(tmp + ".stage") + "; " : "";
    return run(
        "t="
            + ShellQuote.quote(tmp.toString())
            + "; "
            + vars
            + "if "
            + chain
            + "; then echo installed; else echo refused; fi");
  }

  @Test
  void aCompleteTempFileReplacesTheTargetWithItsMode() throws Exception {
    Path target = Files.writeString(dir.resolve("profile"), "old\n");
    Path tmp = Files.writeString(dir.resolve(".profile.pagetune-1"), "new!\n");
    assertEquals("installed", install(tmp, target, 5, false));
    assertEquals("new!\n", Files.readString(target));
    assertFalse(Files.exists(tmp));
    assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
  }

  @Test
  void aShortTempFileNeverReachesTheTarget() throws Exception {
    Path target = Files.writeString(dir.resolve("profile"), "old\n");
    Path tmp = Files.writeString(dir.resolve(".profile.pagetune-2"), "ne");
    assertEquals("refused", install(tmp, target, 5, false));
    assertEquals("old\n", Files.readString(target));
  }

  @Test
  void aStagedFileIsCheckedThenCopiedNextToTheTarget() throws Exception {
    Path target = dir.resolve("it's a target");
    Path tmp = dir.resolve(".target.pagetune-3");
    Files.writeString(Path.of(tmp + ".stage"), "staged\n");
    assertEquals("installed", install(tmp, target, 7, true));
    assertEquals("staged\n", Files.readString(target));
    assertTrue(Files.exists(Path.of(tmp + ".stage")), "the caller removes the stage");
  }
}
