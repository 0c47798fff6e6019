package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.window.WindowsReport;
import io.pagetune.vars.EngineVariables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Engine settings are named in EngineVariables only: no other main source spells a setting's name
 * as a string (which could drift from it), nor the old un-prefixed name (which would obey an
 * inventory's own variable again).
 */
class EngineVariablesDeclaredOnceTest {
  private static final Path MAIN = Path.of("src/main/java");
  private static final Path DECLARED = MAIN.resolve("io/pagetune/vars/EngineVariables.java");

  // schedule may not depend on inventory: its copy is checked equal below
  private static final Path WINDOWS_REPORT =
      MAIN.resolve("io/pagetune/schedule/window/WindowsReport.java");

  @Test
  void noOtherSourceSpellsASettingOrItsOldName() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        if (f.equals(DECLARED)) {
          continue;
        }
        String text = Files.readString(f);
        for (String setting : EngineVariables.ALL.keySet()) {
          if (text.contains("\"" + setting + "\"") && !f.equals(WINDOWS_REPORT)) {
            found.add(f + ": " + setting);
          }
        }
        for (String setting : EngineVariables.RENAMED) {
          if (text.contains("\"" + EngineVariables.oldName(setting) + "\"")) {
            found.add(f + ": " + EngineVariables.oldName(setting));
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }

  @Test
  void theWindowsReportNamesTheSameSetting() {
    assertEquals(EngineVariables.CHANGE_WINDOW, WindowsReport.HOST_VARIABLE);
    assertTrue(Files.exists(WINDOWS_REPORT));
  }
}
