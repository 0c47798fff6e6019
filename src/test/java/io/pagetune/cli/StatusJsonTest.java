package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.schedule.queue.RestartIntent;
import io.pagetune.schedule.queue.RestartQueue;
import io.pagetune.state.JournalChange;
import io.pagetune.state.RunRecord;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status}, {@code history}, {@code schedule list|show} and {@code windows} with {@code
 * --output json} after a real apply on local hosts: the JSON parses and says what the journal and
 * the restart queue in the state store say.
 */
class StatusJsonTest {
  @TempDir Path dir;

  private final ObjectMapper json = new ObjectMapper();

  private Path inventory() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (int i = 1; i <= 3; i++) {
      Files.createDirectories(dir.resolve("h" + i));
      sb.append("    h")
          .append(i)
          .append(": {ansible_connection: local, root: '")
          .append(dir.resolve("h" + i))
          .append("'")
          .append(i == 3 ? "" : ", pagetune_change_window: nightly")
          .append("}\n");
    }
    Files.writeString(
        dir.resolve("windows.yml"),
        "windows:\n  nightly: { cron: \"0 2 * * *\", duration: 2h, zone: Europe/Berlin }\n");
    return Files.writeString(dir.resolve("hosts.yml"), sb.toString());
  }

  private Path playbook() throws Exception {
    return Files.writeString(
        dir.resolve("web.yml"),
        String.join(
            "\n",
            "- hosts: all",
            "  gather_facts: false",
            "  tasks:",
            "    - name: write the pool setting",
            "      copy: { dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = 512\\n\" }",
            "      notify: restart web",
            "  handlers:",
            "    - name: restart web",
            "      request_restart: { kind: web_server, id: web1, reason: pages changed }",
            ""));
  }

  private CliRun cli(String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), args);
  }

  private JsonNode parse(CliRun r) throws Exception {
    assertEquals(0, r.exitCode(), r::toString);
    return json.readTree(r.out());
  }

  @Test
  void jsonOutputsMatchTheJournalAndTheQueue() throws Exception {
    Path inv = inventory();
    CliRun apply = cli("run", playbook().toString(), "-i", inv.toString(), "--progress", "none");
    assertEquals(0, apply.exitCode(), apply::toString);
    StateStore store = StateStore.open(dir.resolve("state.db").toString(), CliRun.CLOCK, Map.of());

    JsonNode history = parse(cli("history", "--output", "json"));
    List<RunRecord> runs = store.journal().runs().list(20);
    assertEquals(runs.size(), history.get("runs").size());
    RunRecord run = runs.get(0);
    JsonNode first = history.get("runs").get(0);
    assertEquals(run.runId(), first.get("run_id").asText());
    assertEquals(run.playbook(), first.get("playbook").asText());
    assertEquals(run.startedAt().toString(), first.get("started_at").asText());
    assertEquals(run.status().orElseThrow(), first.get("status").asText());

    JsonNode one = parse(cli("history", run.runId(), "--output", "json"));
    List<JournalChange> changes = store.journal().history().ofRun(run.runId());
    assertEquals(3, changes.size());
    assertEquals(changes.size(), one.get("changes").size());
    for (int i = 0; i < changes.size(); i++) {
      JournalChange c = changes.get(i);
      JsonNode j = one.get("changes").get(i);
      assertEquals(c.host(), j.get("host").asText());
      assertEquals(c.path(), j.get("path").asText());
      assertEquals(c.afterSha256().orElseThrow(), j.get("after_sha256").asText());
      assertTrue(j.get("before_sha256").isNull(), "a new file has no before");
      assertEquals(
          c.effectiveState().name().toLowerCase(java.util.Locale.ROOT),
          j.get("effective_state").asText());
    }

    JsonNode status = parse(cli("status", "-i", inv.toString(), "--output", "json"));
    List<RestartIntent> queued = new RestartQueue(store).list();
    assertEquals(3, status.get("hosts").size());
    for (JsonNode h : status.get("hosts")) {
      String host = h.get("host").asText();
      List<String> paths = new ArrayList<>();
      store.journal().history().latest(host).forEach(c -> paths.add(c.path()));
      List<String> seen = new ArrayList<>();
      h.get("changes").forEach(c -> seen.add(c.get("path").asText()));
      assertEquals(paths, seen, host);
      assertEquals(List.of(dir.resolve(host).resolve("pages.conf").toString()), seen);
      assertEquals("restart-pending", h.get("state").asText(), h.toString());
      List<String> ids = new ArrayList<>();
      h.get("pending_restarts").forEach(r -> ids.add(r.get("id").asText()));
      assertEquals(
          queued.stream().filter(q -> q.hosts().contains(host)).map(RestartIntent::id).toList(),
          ids,
          host);
    }
    JsonNode h1 = status.get("hosts").get(0);
    assertEquals("nightly", h1.get("window").get("window").asText());
    // 2026-11-29 10:00Z: the next 02:00 in Berlin is 01:00Z the next day
    assertEquals("2026-11-30T01:00:00Z", h1.get("window").get("next").get(0).get("start").asText());
    assertEquals(
        "2026-11-30T02:00+01:00", h1.get("window").get("next").get(0).get("start_local").asText());
    assertTrue(status.get("hosts").get(2).get("window").get("window").isNull());

    JsonNode list = parse(cli("schedule", "list", "--output", "json"));
    assertEquals(queued.size(), list.get("restarts").size());
    JsonNode show = parse(cli("schedule", "show", queued.get(0).id(), "--output", "json"));
    assertEquals(queued.get(0).id(), show.get("id").asText());
    assertEquals(queued.get(0).dueAt().toString(), show.get("due_at").asText());

    JsonNode windows = parse(cli("windows", "-i", inv.toString(), "--output", "json"));
    assertEquals(
        "2026-11-30T01:00:00Z",
        windows.get("hosts").get("h2").get("next").get(0).get("start").asText());

    Path report = dir.resolve("status.html");
    CliRun html = cli("status", "-i", inv.toString(), "--report", report.toString());
    assertEquals(0, html.exitCode(), html::toString);
    String page = Files.readString(report);
    for (String host : List.of("h1", "h2", "h3")) {
      assertTrue(page.contains("data-host=\"" + host + "\" data-state=\"restart-pending\""), page);
    }
    assertTrue(html.out().lines().findFirst().orElse("").startsWith("HOST"), html.out());
  }
}
