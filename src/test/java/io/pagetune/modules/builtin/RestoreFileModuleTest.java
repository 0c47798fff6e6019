package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestoreFileModuleTest {
  @TempDir Path dir;

  @Test
  void restoresTheBackupByteForByteWithItsMode() throws Exception {
    Path file = dir.resolve("profile");
    Path backup = dir.resolve("profile.20260301T101530Z~");
    Files.writeString(file, "new\n");
    Files.write(backup, new byte[] {'o', 'l', 'd', '\r', '\n', 0});
    Files.setPosixFilePermissions(backup, PosixFilePermissions.fromString("rw-r-----"));
    ModuleHarness h = new ModuleHarness(new RestoreFileModule(), dir);
    Map<String, Object> args = Map.of("path", file.toString(), "backup", backup.toString());
    h.assertConverges(args);
    assertEquals(-1, Files.mismatch(file, backup));
    assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
  }

  @Test
  void removesAFileTheChangeCreated() throws Exception {
    Path file = dir.resolve("created.conf");
    Files.writeString(file, "x\n");
    ModuleHarness h = new ModuleHarness(new RestoreFileModule(), dir);
    h.assertConverges(Map.of("path", file.toString(), "absent", true));
    assertFalse(Files.exists(file));
  }

  @Test
  void aMissingBackupFailsWithoutTouchingTheFile() throws Exception {
    Path file = dir.resolve("f");
    Files.writeString(file, "keep\n");
    ModuleHarness h = new ModuleHarness(new RestoreFileModule(), dir);
    Plan plan = h.plan(Map.of("path", file.toString(), "backup", dir.resolve("gone~").toString()));
    assertTrue(plan.failure().orElseThrow().contains("is gone"));
    h.assertRejected(Map.of("path", file.toString()), "backup");
  }

  @Test
  void requestRestartIsAStepNotAnAction() {
    ModuleHarness h =
        new ModuleHarness(
            new RequestRestartModule(
                io.pagetune.restart.RestartKinds.catalog(new io.pagetune.app.Wiring().targets())),
            dir);
    Plan plan = h.plan(Map.of("kind", "sap_system", "id", "PRD", "reason", "profile changed"));
    Step.RequestRestart r = (Step.RequestRestart) plan.steps().get(0);
    assertEquals("SAP system PRD", r.target().describe());
    h.assertRejected(Map.of("kind", "sap"), "kind");
  }
}
