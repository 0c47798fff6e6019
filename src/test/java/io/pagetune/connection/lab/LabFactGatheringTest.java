package io.pagetune.connection.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.facts.Fact;
import io.pagetune.facts.FactGatherer;
import io.pagetune.pages.PageFacts;
import io.pagetune.targets.oracle.OracleTarget;
import io.pagetune.targets.oracle.OracleTestFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Page facts gathered on a lab host come from the lab host's files, never from this machine's: its
 * THP mode differs from this machine's on purpose, and without a THP file it has none.
 */
class LabFactGatheringTest {
  private static final Path LOCAL_THP = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
  private static final Pattern ACTIVE = Pattern.compile("\\[(\\w+)]");

  @TempDir Path tmp;

  private Map<String, Object> pages(Connection c) {
    List<Fact<?>> facts = new ArrayList<>(List.of(PageFacts.PLATFORM));
    facts.addAll(OracleTestFacts.memoryAndThp());
    return new PageFacts(List.of(new OracleTarget().pageFacts()))
        .summary(FactGatherer.gather(c, facts, Become.NONE, Duration.ofSeconds(30)));
  }

  private static String localThp() throws IOException {
    if (!Files.isReadable(LOCAL_THP)) {
      return "none";
    }
    Matcher m = ACTIVE.matcher(Files.readString(LOCAL_THP));
    return m.find() ? m.group(1) : "none";
  }

  @Test
  void aLabHostSeesItsOwnThpAndMemoryNotThisMachines() throws Exception {
    Path root = tmp.resolve("ora");
    Map<String, Object> vars =
        Map.of("ansible_connection", "lab", "pagetune_lab_root", root.toString());
    try (Connection c = LabConnection.factory().open(ConnectionSpec.fromVars("ora-rac", vars))) {
      String local = localThp();
      String mode = local.equals("never") ? "always" : "never";
      Path thp = root.resolve("sys/kernel/mm/transparent_hugepage/enabled");
      String choices = String.join(" ", List.of("always", "madvise", "never"));
      Files.writeString(thp, choices.replace(mode, "[" + mode + "]") + "\n");

      Map<String, Object> pages = pages(c);
      assertEquals("linux", pages.get("platform"));
      assertEquals(mode, pages.get("thp"));
      assertNotEquals(local, pages.get("thp"));
      @SuppressWarnings("unchecked")
      Map<String, Object> hugepages = (Map<String, Object>) pages.get("hugepages");
      String meminfo = Files.readString(root.resolve("proc/meminfo"));
      Matcher total = Pattern.compile("HugePages_Total:\\s+(\\d+)").matcher(meminfo);
      assertTrue(total.find());
      assertEquals(Long.parseLong(total.group(1)), ((Number) hugepages.get("total")).longValue());

      // THP compiled out on the lab host: no file there, whatever this machine has
      Files.delete(thp);
      assertEquals("compiled out", pages(c).get("thp"));
    }
  }
}
