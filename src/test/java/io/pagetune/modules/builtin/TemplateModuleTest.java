package io.pagetune.modules.builtin;

import static io.pagetune.modules.builtin.FileAssertions.mode;
import static io.pagetune.modules.builtin.FileAssertions.read;
import static io.pagetune.modules.builtin.FileAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pagetune.error.InputException;
import io.pagetune.modules.ApplyResult;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.ModuleHarness;
import io.pagetune.modules.Plan;
import io.pagetune.modules.StubServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TemplateModuleTest {
  private static final String RENDERED =
      "# managed by pagetune\nLD_PRELOAD_64=/usr/lib/64/mpss.so.1\nMPSSHEAP=256M\n";

  @TempDir Path dir;
  private ModuleHarness harness;

  @BeforeEach
  void setUp() {
    harness =
        new ModuleHarness(new TemplateModule(), dir)
            .services(new StubServices(dir).template("startserv.env.ftl", RENDERED));
  }

  @Test
  void writesTheRenderedTextAndConverges() {
    Path dest = dir.resolve("startserv.env");
    Map<String, Object> args = Map.of("src", "startserv.env.ftl", "dest", dest.toString());
    assertEquals(List.of(new FileDiff(dest.toString(), "", RENDERED)), harness.plan(args).diffs());
    harness.assertConverges(args);
    assertEquals(RENDERED, read(dest));
  }

  @Test
  void changedRenderingIsADiffWithBackupAndKeptMode() {
    Path dest = write(dir.resolve("startserv.env"), "MPSSHEAP=4M\n", "rwxr-x---");
    Map<String, Object> args =
        Map.of("src", "startserv.env.ftl", "dest", dest.toString(), "backup", true);
    Plan plan = harness.plan(args);
    assertEquals("MPSSHEAP=4M\n", plan.diffs().get(0).before());
    assertEquals(RENDERED, plan.diffs().get(0).after());
    ApplyResult r = harness.assertConverges(args);
    assertEquals(1, r.backups().size());
    assertEquals("MPSSHEAP=4M\n", read(dir.resolve("startserv.env" + ModuleHarness.BACKUP_SUFFIX)));
    assertEquals("rwxr-x---", mode(dest));
  }

  @Test
  void intoADirectoryTheFtlSuffixIsDropped() throws Exception {
    Path conf = Files.createDirectory(dir.resolve("conf"));
    harness.assertConverges(
        Map.of("src", "startserv.env.ftl", "dest", conf.toString(), "mode", "0640"));
    assertEquals(RENDERED, read(conf.resolve("startserv.env")));
    assertEquals("rw-r-----", mode(conf.resolve("startserv.env")));
  }

  @Test
  void unknownTemplateIsAnInputError() {
    assertThrows(
        InputException.class,
        () -> harness.plan(Map.of("src", "missing.ftl", "dest", dir.resolve("x").toString())));
  }

  @Test
  void argumentErrors() {
    harness.assertRejected(Map.of("dest", "/x"), "missing required argument 'src'");
    harness.assertRejected(
        Map.of("src", "a.ftl", "dest", "/x", "ownr", "root"), "did you mean 'owner'");
    harness.assertRejected(Map.of("src", "a.ftl", "dest", "/x", "mode", "999"), "octal mode");
  }
}
