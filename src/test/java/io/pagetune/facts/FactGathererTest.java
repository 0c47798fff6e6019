package io.pagetune.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The combined facts script under every shell installed here: a section the shell cannot parse
 * fails alone, and the sections after it are still gathered.
 */
class FactGathererTest {
  static Stream<List<String>> shells() {
    return io.pagetune.testing.OtherShells.scriptRunners();
  }

  private static String run(List<String> shell, String script) throws Exception {
    List<String> argv = new ArrayList<>(shell);
    argv.addAll(List.of("-c", script));
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    return out;
  }

  private static String section(String out, int i) {
    Matcher m =
        Pattern.compile("@@pt-n begin " + i + "@@\\n(.*?)\\n@@pt-n end " + i + " (\\d+)@@", 32)
            .matcher(out);
    return m.find() ? m.group(2) + ":" + m.group(1).strip() : "missing";
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aSectionTheShellCannotParseFailsAloneAndTheNextIsStillGathered(List<String> shell)
      throws Exception {
    List<Fact<?>> facts =
        List.of(
            SimpleFact.text("first", "echo one"),
            SimpleFact.text("broken", "echo a )"),
            // a case inside $(...): posh cannot parse it, the other shells can
            SimpleFact.text("nested", "x=$(case a in a) echo in ;; esac); echo \"$x\""),
            SimpleFact.text("quoted", "printf '%s\\n' 'it''s' \"a'b\""),
            SimpleFact.text("arguments", "echo \"$#\""),
            SimpleFact.text("last", "echo two"));
    String out = run(shell, FactGatherer.script(facts, "n"));
    assertEquals("0:one", section(out, 0), out);
    assertNotEquals("0:", section(out, 1).substring(0, 2), out);
    if (shell.get(0).endsWith("posh")) {
      assertNotEquals("missing", section(out, 2), out);
    } else {
      assertEquals("0:in", section(out, 2), out);
    }
    assertEquals("0:its\na'b", section(out, 3), out);
    assertEquals("0:0", section(out, 4), "a section sees no positional parameters");
    assertEquals("0:two", section(out, 5), out);
  }

  /**
   * Where the host has a POSIX shell at {@code /usr/xpg4/bin/sh} (Solaris, whose 10's {@code
   * /bin/sh} has no {@code $(...)}), every section runs in it: a stand-in at that path counts the
   * sections it ran.
   */
  @Test
  void onAHostWithAPosixShellInXpg4EverySectionRunsInIt(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("calls");
    Path posix = dir.resolve("xpg4-sh");
    Files.writeString(posix, "#!/bin/sh\necho x >> '" + log + "'\nexec /bin/sh \"$@\"\n");
    Files.setPosixFilePermissions(posix, PosixFilePermissions.fromString("rwx------"));
    List<Fact<?>> facts =
        List.of(
            SimpleFact.text("system", "echo \"$(echo SunOS)\""),
            SimpleFact.text("quoted", "printf '%s\\n' \"a'b\" '$HOME'"),
            SimpleFact.text("failing", "exit 3"));
    String script =
        FactGatherer.script(facts, "n").replace(FactGatherer.POSIX_SHELL, posix.toString());
    String out = run(List.of("/bin/sh"), script);
    assertEquals("0:SunOS", section(out, 0), out);
    assertEquals("0:a'b\n$HOME", section(out, 1), out);
    assertEquals("3:", section(out, 2), out);
    assertEquals(3, Files.readAllLines(log).size(), "each section ran in the POSIX shell");
  }
}
