package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.ScriptFact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The include_dir listing: the .conf files the server reads there, hidden ones and dirs not. */
class PgConfDirTest {
  private static Optional<List<String>> list(Path dir) throws IOException, InterruptedException {
    ScriptFact<Optional<List<String>>> f = PgConfDir.fact(dir.toString());
    Process p = new ProcessBuilder("/bin/sh", "-c", f.script()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(20, TimeUnit.SECONDS);
    assertEquals(0, p.exitValue());
    return f.parser().apply(CommandResult.of(0, out, ""));
  }

  @Test
  void listsTheConfFilesButNotHiddenOnesDirectoriesOrOtherNames(@TempDir Path tmp)
      throws IOException, InterruptedException {
    Path confD = Files.createDirectories(tmp.resolve("conf d"));
    Files.writeString(confD.resolve("00-tuning.conf"), "huge_pages=try\n");
    Files.writeString(confD.resolve("zz-local.conf"), "huge_pages off\n");
    Files.writeString(confD.resolve(".hidden.conf"), "huge_pages = off\n");
    Files.writeString(confD.resolve("notes.txt"), "huge_pages = off\n");
    Files.createDirectories(confD.resolve("sub.conf"));
    assertEquals(
        Optional.of(List.of("00-tuning.conf", "zz-local.conf")),
        list(confD).map(l -> l.stream().sorted().toList()));
  }

  @Test
  void aMissingDirectoryIsToldApartFromAnEmptyOne(@TempDir Path tmp)
      throws IOException, InterruptedException {
    assertEquals(Optional.empty(), list(tmp.resolve("none")));
    assertEquals(Optional.of(List.of()), list(Files.createDirectories(tmp.resolve("empty"))));
  }
}
