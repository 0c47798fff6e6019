package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.ScriptFact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The conf.d scan: which of the files PostgreSQL reads there set a parameter, and where. */
class ConfDSettingTest {
  @Test
  void listsTheConfFilesThatSetTheParameterButNotCommentsOrOtherFiles(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Path confD = Files.createDirectories(tmp.resolve("conf d"));
    Files.writeString(confD.resolve("00-tuning.conf"), "work_mem = 64MB\n  huge_pages=try\n");
    Files.writeString(confD.resolve("zz-local.conf"), "#huge_pages = off\nHUGE_PAGES off\n");
    Files.writeString(confD.resolve("notes.txt"), "huge_pages = off\n");
    Files.writeString(confD.resolve("huge_pages_size.conf"), "huge_page_size = 0\n");
    ScriptFact<List<String>> f = ConfDSetting.settingsIn(confD.toString(), "huge_pages");
    Process p = new ProcessBuilder("/bin/sh", "-c", f.script()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(20, TimeUnit.SECONDS);
    assertEquals(
        List.of("00-tuning.conf:2:  huge_pages=try", "zz-local.conf:2:HUGE_PAGES off"),
        f.parser().apply(CommandResult.of(p.exitValue(), out, "")));
  }

  @Test
  void aMissingDirectoryListsNothing(@TempDir Path tmp) throws IOException, InterruptedException {
    ScriptFact<List<String>> f =
        ConfDSetting.settingsIn(tmp.resolve("none").toString(), "huge_pages");
    Process p = new ProcessBuilder("/bin/sh", "-c", f.script()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(20, TimeUnit.SECONDS);
    assertEquals(0, p.exitValue());
    assertEquals(List.of(), f.parser().apply(CommandResult.of(0, out, "")));
  }
}
