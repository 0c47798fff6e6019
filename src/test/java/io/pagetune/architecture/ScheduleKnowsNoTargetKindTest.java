package io.pagetune.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.drivers.RestartKind;
import io.pagetune.targets.Target;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.postgres.PostgresTarget;
import io.pagetune.targets.sap.SapTarget;
import io.pagetune.targets.solaris.SolarisTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The restart queue knows no target's kind: no source of {@code io.pagetune.schedule} names a kind
 * a target registers, so how a kind reads and how far one restart reaches come from the target's
 * own declaration and a new target needs no change to the queue.
 */
class ScheduleKnowsNoTargetKindTest {
  private static final Path SCHEDULE = Path.of("src/main/java/io/pagetune/schedule");
  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

  private static final List<Target> TARGETS =
      List.of(new SapTarget(), new SolarisTarget(), new OracleTarget(), new PostgresTarget());

  @Test
  void noScheduleSourceNamesATargetsRestartKind() throws IOException {
    Set<String> kinds = new TreeSet<>();
    for (Target t : TARGETS) {
      t.restartKinds().stream().map(RestartKind::name).forEach(kinds::add);
    }
    assertTrue(kinds.contains(SapTarget.SYSTEM), kinds.toString());
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(SCHEDULE)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        Matcher m = LITERAL.matcher(Files.readString(f));
        while (m.find()) {
          if (kinds.contains(m.group(1))) {
            found.add(SCHEDULE.relativize(f) + ": \"" + m.group(1) + "\"");
          }
        }
      }
    }
    assertEquals(List.of(), found);
  }
}
