package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
 * The {@code linux} layer sits below the targets (DESIGN.md): it refers to no target package and
 * declares no Oracle or PostgreSQL type, so every Linux consumer shares it.
 */
class LinuxLayerTest {
  private static final Path LINUX = Path.of("src/main/java/io/pagetune/linux");
  private static final Pattern TYPE =
      Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z][A-Za-z0-9]*)");

  @Test
  void linuxKnowsNoTargetAndNoDatabase() throws IOException {
    List<String> violations = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.walk(LINUX)) {
      files = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertFalse(files.isEmpty());
    for (Path f : files) {
      String text = Files.readString(f);
      if (text.contains("io.pagetune.targets")) {
        violations.add(f + " refers to io.pagetune.targets");
      }
      Matcher m = TYPE.matcher(text);
      while (m.find()) {
        if (m.group(1).matches(".*(Oracle|Postgres|Pg[A-Z]|Sga|Asm).*")) {
          violations.add(f + " declares " + m.group(1));
        }
      }
    }
    assertEquals(List.of(), violations);
  }
}
