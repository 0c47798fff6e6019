package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Production code is what a real host runs: only the lab connection knows a rehearsal host's root.
 * No other main source names the lab's environment ({@code PAGETUNE_LAB_ROOT} or any {@code
 * PAGETUNE_LAB_*}) nor expands a lab root variable in the shell text it sends.
 */
class NoLabKnowledgeOutsideTheLabTest {
  private static final Path MAIN = Path.of("src/main/java");
  private static final Path LAB = MAIN.resolve("io/pagetune/connection/lab");

  // $PAGETUNE_LAB_ROOT, ${LAB_ROOT:-}, $labRoot, $R_LAB…: a shell expansion naming the lab
  private static final Pattern LAB_EXPANSION =
      Pattern.compile("\\$\\{?[A-Za-z_]*lab[A-Za-z_]*", Pattern.CASE_INSENSITIVE);

  @Test
  void onlyTheLabConnectionKnowsTheLabRoot() throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        if (f.startsWith(LAB)) {
          continue;
        }
        String text = Files.readString(f);
        if (text.contains("PAGETUNE_LAB")) {
          found.add(f + ": PAGETUNE_LAB");
        }
        Matcher m = LAB_EXPANSION.matcher(text);
        while (m.find()) {
          found.add(f + ": " + m.group());
        }
      }
    }
    assertEquals(List.of(), found);
  }

  @Test
  void theLabConnectionIsWhereTheRootIsKnown() throws IOException {
    // the check above looks at the right tree: the lab's own sources do name the root
    assertTrue(Files.readString(LAB.resolve("LabConnection.java")).contains("PAGETUNE_LAB_ROOT"));
  }
}
