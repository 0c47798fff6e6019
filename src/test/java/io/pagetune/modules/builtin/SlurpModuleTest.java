package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurpModuleTest {
  @TempDir Path dir;

  private ModuleHarness harness() {
    return new ModuleHarness(new SlurpModule(), dir);
  }

  @Test
  void returnsTheBytesBase64EncodedWithAnsiblesKeys() throws Exception {
    byte[] bytes = {'H', 'u', 'g', 'e', 0, (byte) 0xff, '\n'};
    Path f = dir.resolve("bin");
    Files.write(f, bytes);
    Plan plan = harness().plan(Map.of("src", f.toString()));
    ModuleHarness.assertUpToDate(plan);
    assertEquals("base64", plan.data().get("encoding"));
    assertEquals(f.toString(), plan.data().get("source"));
    assertEquals(
        java.util.Arrays.toString(bytes),
        java.util.Arrays.toString(Base64.getDecoder().decode((String) plan.data().get("content"))));
  }

  @Test
  void pathIsAnAliasAndApplyChangesNothing() {
    Path f = write(dir.resolve("pid"), "4242\n", "rw-r--r--");
    String before = ModuleHarness.treeHash(dir);
    ApplyResult r = harness().apply(Map.of("path", f.toString()));
    assertEquals(false, r.changed());
    assertEquals("NDI0Mgo=", r.data().get("content"));
    assertEquals(before, ModuleHarness.treeHash(dir));
  }

  @Test
  void aMissingFileOrADirectoryFails() {
    assertEquals(
        "slurp: file not found: " + dir.resolve("gone"),
        harness().plan(Map.of("src", dir.resolve("gone").toString())).failure().orElseThrow());
    assertEquals(
        "slurp: source is a directory and must be a file: " + dir,
        harness().plan(Map.of("src", dir.toString())).failure().orElseThrow());
  }

  @Test
  void badArgumentsAreRefused() {
    harness().assertRejected(Map.of(), "missing required argument 'src'");
    harness().assertRejected(Map.of("src", "/x", "dest", "/y"), "unknown argument 'dest'");
  }
}
