package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.OtherShells;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The mode, owner and group read from {@code ls -ld} by the shell itself, against real files with
 * every one of the 4,096 modes (the mode bits of POSIX chmod(1): set-user-ID 4000, set-group-ID
 * 2000, sticky 1000, then read, write and execute for owner, group and others), under dash and
 * every other shell installed here.
 */
class LsFieldsTest {
  @TempDir static Path modes;
  @TempDir Path dir;

  /** The mode each file really has (a non-root run may not set every bit), by the file's name. */
  private static final Map<String, String> expected = new TreeMap<>();

  @BeforeAll
  static void filesWithEveryMode() throws Exception {
    for (int mode = 0; mode < 010000; mode++) {
      Path f = Files.createFile(modes.resolve(String.format("m%04o", mode)));
      Files.setAttribute(f, "unix:mode", mode);
      int actual = (Integer) Files.getAttribute(f, "unix:mode") & 07777;
      expected.put(f.getFileName().toString(), String.format("%04o", actual));
    }
  }

  static Stream<List<String>> shells() {
    return OtherShells.scriptRunners();
  }

  private static String run(List<String> shell, String script) throws Exception {
    List<String> argv = new ArrayList<>(shell);
    argv.add("-c");
    argv.add(script);
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return out;
  }

  @ParameterizedTest
  @MethodSource("shells")
  void everyModeReadsAsItsFourOctalDigits(List<String> shell) throws Exception {
    // one ls -l for all files, each line's words set as read() sets them: $9 is GNU ls's name
    String script =
        "cd "
            + ShellQuote.quote(modes.toString())
            + " && ls -l | while read line; do case $line in total*) continue;; esac;"
            + " set -f; set -- $line; set +f; "
            + LsFields.modeInto("m")
            + "; echo \"$9 $m\"; done";
    Map<String, String> got = new TreeMap<>();
    for (String line : run(shell, script).strip().split("\n")) {
      String[] f = line.split(" ");
      assertEquals(2, f.length, line);
      got.put(f[0], f[1]);
    }
    assertEquals(expected, got);
  }

  @ParameterizedTest
  @MethodSource("shells")
  void readsOwnerAndGroupOfANameWithSpacesAndPatternCharacters(List<String> shell)
      throws Exception {
    Path odd = Files.writeString(dir.resolve("-a * [b] ?"), "x");
    Files.setAttribute(odd, "unix:mode", 02751);
    String owner = Files.getOwner(odd).getName();
    String group =
        Files.readAttributes(odd, java.nio.file.attribute.PosixFileAttributes.class)
            .group()
            .getName();
    String script =
        "p="
            + ShellQuote.quote(odd.toString())
            + "; "
            + LsFields.read("\"$p\"")
            + "; "
            + LsFields.modeInto("m")
            + "; echo \"$m $3 $4 $#\"";
    String mode = String.format("%04o", (Integer) Files.getAttribute(odd, "unix:mode") & 07777);
    // the name is four words of its own: 8 fields before it, and no word expanded to a file
    assertEquals(mode + " " + owner + " " + group + " 12", run(shell, script).strip());
  }

  /**
   * Permission strings Linux's ls never prints: Solaris ls(1) shows {@code l} in the group's
   * execute place for set-group-ID without group execute (mandatory locking), and ls marks an ACL
   * or extended attributes after the ten characters ({@code +} on Linux, Solaris and AIX, {@code @}
   * on macOS, {@code .} for an SELinux context).
   */
  @ParameterizedTest
  @MethodSource("shells")
  void readsOtherSystemsPermissionStrings(List<String> shell) throws Exception {
    Map<String, String> cases = new TreeMap<>();
    cases.put("-rw-r-l---", "2640");
    cases.put("-rw-r-l---+", "2640");
    cases.put("-rwxr-xr-x+", "0755");
    cases.put("-rwsr-xr-t@", "5755");
    cases.put("drwxrwsrwT.", "3776");
    cases.put("----------", "0000");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      String script =
          "set -- '" + c.getKey() + "' 1 root sys; " + LsFields.modeInto("m") + "; echo $m";
      assertEquals(c.getValue(), run(shell, script).strip(), c.getKey());
    }
  }

  @Test
  void theFragmentsStartNoProcessButLsAndUseBourneSyntaxOnly() {
    String text = LsFields.read("\"$p\"") + "\n" + LsFields.modeInto("m");
    assertEquals(1, text.split("`", -1).length / 2, text);
    assertTrue(!text.contains("$(") && !text.contains("${") && !text.contains("awk"), text);
  }
}
