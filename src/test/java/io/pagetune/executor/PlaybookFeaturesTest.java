package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.LocalFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Handlers, block/rescue/always, loop, register, when, serial: 2 and tags on five local hosts,
 * checked through the recap the user sees and the JSON events.
 */
class PlaybookFeaturesTest {
  private static final String PLAYBOOK = "src/test/resources/executor/features.yml";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static String recapLine(String out, String host) {
    for (String line : out.split("\n")) {
      if (line.startsWith(host + " ")) {
        return line.replaceAll("\\s+", " ").trim();
      }
    }
    throw new AssertionError("no recap line for " + host + " in\n" + out);
  }

  @Test
  void firstRunThenIdempotentRerun() throws Exception {
    Path inventory = LocalFleet.write(dir, 5);
    CliRun first = CliRun.of("run", PLAYBOOK, "-i", inventory.toString());
    assertEquals(0, first.exitCode(), first.toString());
    String plain = "ok=6 changed=5 unreachable=0 failed=0 skipped=2 rescued=0 ignored=0";
    assertEquals("h1 : " + plain, recapLine(first.out(), "h1"));
    assertEquals(
        "h2 : ok=6 changed=5 unreachable=0 failed=0 skipped=1 rescued=1 ignored=0",
        recapLine(first.out(), "h2"));
    assertEquals(
        "h3 : ok=7 changed=5 unreachable=0 failed=0 skipped=1 rescued=0 ignored=0",
        recapLine(first.out(), "h3"));
    assertEquals("h4 : " + plain, recapLine(first.out(), "h4"));
    assertEquals("h5 : " + plain, recapLine(first.out(), "h5"));
    assertTrue(first.out().contains("ok: [h3] => h3 says a on h3"), first.out());
    assertFalse(first.out().contains("hidden"), "a 'never' task ran");
    for (int i = 1; i <= 5; i++) {
      Path root = dir.resolve("h" + i);
      assertEquals("a on h" + i + "\n", Files.readString(root.resolve("a.conf")));
      assertTrue(Files.exists(root.resolve("handler-ran")));
      assertTrue(Files.exists(root.resolve("always")));
      assertEquals(i == 2, Files.exists(root.resolve("rescued")), "rescue only on h2");
      assertEquals(i != 2, Files.exists(root.resolve("block-ok")), "block rest skipped on h2");
    }

    CliRun second = CliRun.of("run", PLAYBOOK, "-i", inventory.toString());
    assertEquals(0, second.exitCode(), second.toString());
    for (int i = 1; i <= 5; i++) {
      assertTrue(recapLine(second.out(), "h" + i).contains(" changed=0 "), second.out());
    }
    assertFalse(second.out().contains("RUNNING HANDLER"), "no change, so no handler");
  }

  @Test
  void serialBatchesFlushHandlersBeforeTheNextBatch() throws Exception {
    Path inventory = LocalFleet.write(dir, 5);
    CliRun run = CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--output", "json");
    assertEquals(0, run.exitCode(), run.toString());
    List<String> order = new ArrayList<>();
    for (String line : run.out().split("\n")) {
      JsonNode e = JSON.readTree(line);
      if (e.get("event").asText().equals("host_result")) {
        order.add(e.get("task").asText() + "@" + e.get("host").asText());
      }
    }
    int handlerH2 = order.indexOf("note change@h2");
    int firstH3 = order.indexOf("make root@h3");
    int handlerH4 = order.indexOf("note change@h4");
    int firstH5 = order.indexOf("make root@h5");
    assertTrue(handlerH2 >= 0 && firstH3 > handlerH2, order.toString());
    assertTrue(handlerH4 >= 0 && firstH5 > handlerH4, order.toString());
  }

  @Test
  void tagsSelectTasks() throws Exception {
    Path inventory = LocalFleet.write(dir, 5);
    Files.createDirectories(dir.resolve("h1"));
    CliRun run =
        CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--tags", "files", "--limit", "h1");
    assertEquals(0, run.exitCode(), run.toString());
    assertEquals(
        "h1 : ok=3 changed=2 unreachable=0 failed=0 skipped=0 rescued=0 ignored=0",
        recapLine(run.out(), "h1"));
    assertFalse(run.out().contains("TASK [make root]"), run.out());
    assertFalse(Files.exists(dir.resolve("h1/always")));

    CliRun never =
        CliRun.of(
            "run", PLAYBOOK, "-i", inventory.toString(), "--tags", "debugonly", "--limit", "h1");
    assertTrue(never.out().contains("ok: [h1] => hidden"), never.out());

    CliRun skip =
        CliRun.of(
            "run", PLAYBOOK, "-i", inventory.toString(), "--skip-tags", "files", "--limit", "h2");
    assertFalse(skip.out().contains("TASK [write files]"), skip.out());
  }

  @Test
  void jsonEventsParseAndTotalsMatchTheRecap() throws Exception {
    Path inventory = LocalFleet.write(dir, 5);
    CliRun json = CliRun.of("run", PLAYBOOK, "-i", inventory.toString(), "--output", "json");
    JsonNode finished = null;
    int hostResults = 0;
    int changedEvents = 0;
    for (String line : json.out().split("\n")) {
      JsonNode e = JSON.readTree(line); // every line is one JSON object
      assertTrue(e.has("event") && e.has("time"), line);
      if (e.get("event").asText().equals("host_result")) {
        hostResults++;
        if (e.get("status").asText().equals("changed")) {
          changedEvents++;
        }
      }
      if (e.get("event").asText().equals("run_finished")) {
        finished = e;
      }
    }
    assertTrue(finished != null, json.out());
    JsonNode totals = finished.get("totals");
    assertEquals(changedEvents, totals.get("changed").asInt());
    assertEquals(
        hostResults,
        totals.get("ok").asInt() + totals.get("skipped").asInt() + 1 /* the rescued failure */);
    // the text recap of an identical run has the same totals
    Path other = dir.resolve("again");
    Files.createDirectories(other);
    CliRun text = CliRun.of("run", PLAYBOOK, "-i", LocalFleet.write(other, 5).toString());
    int ok = 0;
    int changed = 0;
    int skipped = 0;
    int rescued = 0;
    for (int i = 1; i <= 5; i++) {
      String l = recapLine(text.out(), "h" + i);
      ok += Integer.parseInt(l.replaceAll(".* ok=(\\d+) .*", "$1"));
      changed += Integer.parseInt(l.replaceAll(".* changed=(\\d+) .*", "$1"));
      skipped += Integer.parseInt(l.replaceAll(".* skipped=(\\d+) .*", "$1"));
      rescued += Integer.parseInt(l.replaceAll(".* rescued=(\\d+) .*", "$1"));
    }
    assertEquals(ok, totals.get("ok").asInt());
    assertEquals(changed, totals.get("changed").asInt());
    assertEquals(skipped, totals.get("skipped").asInt());
    assertEquals(rescued, totals.get("rescued").asInt());
    assertEquals(0, finished.get("exit_code").asInt());
  }
}
