package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The host's huge-page pool is written, set live and read back only through {@code linux} ({@code
 * PoolFile}, {@code PoolOfSize}, {@code PoolReadBack}, {@code PoolPersistence}): no target's code
 * names the pool's sysctl key or its sysfs files, so the two database modules cannot grow their own
 * copies of the pool's file, its live setting or its read-back again. Comments may name them.
 */
class PoolWrittenThroughLinuxTest {
  private static final Path TARGETS = Path.of("src/main/java/io/pagetune/targets");
  private static final List<String> POOL_NAMES =
      List.of("vm.nr_hugepages", "/sys/kernel/mm/hugepages", "/nr_hugepages");

  @Test
  void noTargetNamesThePoolsKeyOrSysfsFiles() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(TARGETS)) {
      files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    }
    assertFalse(files.isEmpty());
    List<String> violations = new ArrayList<>();
    for (Path f : files) {
      String[] lines = withoutComments(Files.readString(f)).split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        for (String name : POOL_NAMES) {
          if (lines[i].contains(name)) {
            violations.add(f + ":" + (i + 1) + " names " + name + ": " + lines[i].strip());
          }
        }
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void commentsAreLeftOutButStringsKept() {
    String code =
        "// vm.nr_hugepages\n/* a\n vm.nr_hugepages */ x(\"vm.nr_hugepages\", '\"'); // y\n";
    assertEquals("\n\n x(\"vm.nr_hugepages\", '\"'); \n", withoutComments(code));
  }

  /** Java source with its comments blanked out (line breaks kept), string literals as they are. */
  static String withoutComments(String src) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < src.length()) {
      char c = src.charAt(i);
      if (src.startsWith("//", i)) {
        while (i < src.length() && src.charAt(i) != '\n') {
          i++;
        }
      } else if (src.startsWith("/*", i)) {
        int end = src.indexOf("*/", i + 2);
        end = end < 0 ? src.length() : end + 2;
        src.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
        i = end;
      } else if (c == '"' || c == '\'') {
        int end = i + 1;
        while (end < src.length() && src.charAt(end) != c) {
          end += src.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(end + 1, src.length());
        out.append(src, i, end);
        i = end;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
