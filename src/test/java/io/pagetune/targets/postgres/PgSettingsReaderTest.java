package io.pagetune.targets.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.modules.HostState;
import io.pagetune.modules.ModuleHarness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's reading order on real files (PostgreSQL docs §20.1.4, §20.1.5): includes where they
 * stand, relative to the including file, include_dir in C order, auto.conf, then the command line.
 */
class PgSettingsReaderTest {
  @TempDir Path tmp;

  private HostState host() {
    return new ModuleHarness(new PostgresHugepagesModule(), tmp).hostState();
  }

  private Path write(String rel, String text) throws IOException {
    Path p = tmp.resolve(rel);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
    return p;
  }

  @Test
  void readsIncludesWhereTheyStandRelativeToTheIncludingFileThenAutoConfThenTheCommandLine()
      throws IOException {
    Path conf =
        write(
            "etc/postgresql.conf",
            "huge_pages = off\n"
                + "include 'sub/a.conf'\n"
                + "include_if_exists 'none.conf'\n"
                + "Include_Dir conf.d\n"
                + "port = 5433 # after the directory\n");
    write("etc/sub/a.conf", "include 'b.conf'\nwork_mem = '1MB'\n");
    write("etc/sub/b.conf", "huge_pages = 'try'\nwork_mem 'it''s'\n");
    write("etc/conf.d/b.conf", "port = 5434\n");
    write("etc/conf.d/A.conf", "port = 5435\n");
    write("etc/conf.d/.c.conf", "port = 1\n");
    Path auto = write("data/postgresql.auto.conf", "huge_pages = 'on'\n");
    PgSettings s =
        PgSettingsReader.read(
            host(),
            conf.toString(),
            auto.toString(),
            PgCommandLine.settings(
                List.of("/usr/bin/postgres", "-D", "/data", "--work-mem=4MB"), "unit"),
            Map.of());
    assertEquals(Optional.empty(), s.error());
    String etc = tmp.resolve("etc").toString();
    assertEquals(
        List.of(
            conf.toString(),
            etc + "/sub/a.conf",
            etc + "/sub/b.conf",
            etc + "/conf.d/A.conf",
            etc + "/conf.d/b.conf",
            auto.toString()),
        s.files());
    assertEquals(
        List.of(
            etc
                + "/postgresql.conf:3: include_if_exists "
                + etc
                + "/none.conf skipped: it"
                + " does not exist"),
        s.notes());
    assertEquals(auto + ":1", s.effective("huge_pages").get().source());
    assertEquals(new PgSetting("port", "5433", conf + ":5"), s.effective("port").get());
    assertEquals(
        new PgSetting("work_mem", "4MB", "unit (-c work_mem=4MB)"), s.effective("work_mem").get());
    assertEquals(
        List.of("off", "try", "it's", "1MB", "on", "4MB"),
        s.assignments().stream()
            .filter(a -> !a.name().equals("port"))
            .map(PgSetting::value)
            .toList());
  }

  @Test
  void tenNestedIncludesAreReadAndAnEleventhIsRefusedAsTheServerDoes() throws IOException {
    for (int i = 0; i < 11; i++) {
      write("etc/f" + i + ".conf", "include 'f" + (i + 1) + ".conf'\n");
    }
    write("etc/f10.conf", "port = 5440\n");
    PgSettings ten =
        PgSettingsReader.read(host(), tmp + "/etc/f0.conf", tmp + "/none", List.of(), Map.of());
    assertEquals(Optional.empty(), ten.error());
    assertEquals("5440", ten.effective("port").get().value());
    write("etc/f10.conf", "include 'f11.conf'\n");
    write("etc/f11.conf", "port = 5441\n");
    assertEquals(
        Optional.of(
            tmp
                + "/etc/f10.conf:1: including "
                + tmp
                + "/etc/f11.conf nests deeper than PostgreSQL's 10 levels: the server would not"
                + " start"),
        PgSettingsReader.read(host(), tmp + "/etc/f0.conf", tmp + "/none", List.of(), Map.of())
            .error());
  }

  @Test
  void aPlannedFileIsReadInItsDirectoryAndASyntaxErrorIsNamed() throws IOException {
    write("etc/postgresql.conf", "include_dir 'conf.d'\nport = 5432\n");
    write("etc/conf.d/00.conf", "huge_pages = off\n");
    PgSettings s =
        PgSettingsReader.read(
            host(),
            tmp + "/etc/postgresql.conf",
            tmp + "/none",
            List.of(),
            Map.of(tmp + "/etc/conf.d/pagetune-hugepages.conf", "huge_pages = on\n"));
    assertEquals(
        tmp + "/etc/conf.d/pagetune-hugepages.conf:1", s.effective("huge_pages").get().source());
    write("etc/conf.d/00.conf", "huge_pages = 'off\n");
    assertEquals(
        Optional.of(tmp + "/etc/conf.d/00.conf:1: syntax error: the server would not start"),
        PgSettingsReader.read(
                host(), tmp + "/etc/postgresql.conf", tmp + "/none", List.of(), Map.of())
            .error());
  }

  @Test
  void commandLinesOfPostgresAndPgCtlGiveTheServerOptions() {
    assertEquals(
        List.of(
            new PgSetting("shared_buffers", "1000", "u (-B)"),
            new PgSetting("huge_pages", "off", "u (-c huge_pages=off)"),
            new PgSetting("max_connections", "5", "u (-c max_connections=5)"),
            new PgSetting("port", "5433", "u (-p5433)")),
        PgCommandLine.settings(
            List.of(
                "/usr/pgsql-15/bin/postmaster",
                "-D",
                "/d",
                "-B",
                "1000",
                "-chuge_pages=off",
                "--max-connections=5",
                "-p5433"),
            "u"));
    // pg_ctl's own -p is the postgres binary, its -o the server's options
    assertEquals(
        List.of(
            new PgSetting("huge_pages", "off", "/etc/pg_ctl.conf:2 (-c huge_pages=off)"),
            new PgSetting("port", "5433", "/etc/pg_ctl.conf:2 (-p)")),
        PgCommandLine.fromPgCtlConf(
            "# options\npg_ctl_options = '-p /usr/bin/postgres -o \"-c huge_pages=off -p 5433\"'\n",
            "/etc/pg_ctl.conf"));
  }
}
