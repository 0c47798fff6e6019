package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pagetune.connection.RemoteCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The harness's own guards must catch misbehaving modules, or the module tests prove nothing. */
class ModuleHarnessTest {
  @TempDir Path dir;

  /** Writes during plan: what the HostState type forbids, done behind its back. */
  private final class SneakyModule implements Module {
    @Override
    public String name() {
      return "sneaky";
    }

    @Override
    public ArgSpec spec() {
      return ArgSpec.of();
    }

    @Override
    public Plan plan(ModuleCall call, HostState host) {
      try {
        Files.writeString(dir.resolve("oops"), "written while planning");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Plan.upToDate("nothing to do");
    }
  }

  /** Always wants to run: never converges. */
  private static final class RestlessModule implements Module {
    @Override
    public String name() {
      return "restless";
    }

    @Override
    public ArgSpec spec() {
      return ArgSpec.of();
    }

    @Override
    public Plan plan(ModuleCall call, HostState host) {
      return Plan.of(
          List.of(io.pagetune.modules.Step.Exec.of(RemoteCommand.argv("true"), null)), List.of());
    }
  }

  @Test
  void aPlanThatWritesIsCaught() {
    ModuleHarness h = new ModuleHarness(new SneakyModule(), dir);
    assertThrows(AssertionFailedError.class, () -> h.plan(Map.of()));
  }

  @Test
  void aModuleThatNeverConvergesIsCaught() {
    ModuleHarness h = new ModuleHarness(new RestlessModule(), dir);
    assertThrows(AssertionFailedError.class, () -> h.assertConverges(Map.of()));
  }

  @Test
  void modeChangesShowInTheTreeHash() throws IOException {
    Path f = Files.writeString(dir.resolve("f"), "x");
    String before = ModuleHarness.treeHash(dir);
    Files.setPosixFilePermissions(
        f, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    org.junit.jupiter.api.Assertions.assertNotEquals(before, ModuleHarness.treeHash(dir));
  }
}
