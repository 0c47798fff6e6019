package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.plan.HostPlan;
import io.pagetune.plan.PlanReader;
import io.pagetune.plan.PlanSigner;
import io.pagetune.plan.PlanWriter;
import io.pagetune.plan.PlannedRestart;
import io.pagetune.plan.SavedPlan;
import io.pagetune.plan.TaskPlan;
import io.pagetune.state.PlanKeys;
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
 * {@code apply PLAN} queues the plan's restarts and no others: the restarts a saved check run
 * predicted are exactly the ones the apply queues, and a host whose apply would ask for a restart
 * the plan did not predict is refused before its file is written, while the other host applies.
 */
class ApplyRestartsTest {
  @TempDir Path dir;

  private final ObjectMapper json = new ObjectMapper();

  private Path inventory() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (String h : List.of("h1", "h2")) {
      Files.createDirectories(dir.resolve(h));
      Files.writeString(dir.resolve(h).resolve("pages.conf"), "vm.nr_hugepages = 0\n");
      sb.append("    ")
          .append(h)
          .append(": {ansible_connection: local, root: '")
          .append(dir.resolve(h))
          .append("', pagetune_change_window: nightly}\n");
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

  private CliRun cli(String state, String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", dir.resolve(state).toString()), args);
  }

  private Path savedPlan() throws Exception {
    Path inv = inventory();
    Path plan = dir.resolve("chg.plan");
    CliRun check =
        cli(
            "apply.db",
            "run",
            playbook().toString(),
            "-i",
            inv.toString(),
            "--check",
            "--save-plan",
            plan.toString());
    assertEquals(0, check.exitCode(), check::toString);
    return plan;
  }

  /**
   * The key of the store the plan is saved and applied with: this test edits plans as a forger
   * could not.
   */
  private PlanSigner signer(String state) {
    try (StateStore store = StateStore.open(dir.resolve(state).toString(), CliRun.CLOCK)) {
      return new PlanSigner(new PlanKeys(store).key());
    }
  }

  /** The queued restarts, as "hosts kind: restart" lines. */
  private List<String> queued(String state) throws Exception {
    CliRun list = cli(state, "schedule", "list", "--output", "json");
    assertEquals(0, list.exitCode(), list::toString);
    List<String> out = new ArrayList<>();
    for (JsonNode r : json.readTree(list.out()).get("restarts")) {
      List<String> hosts = new ArrayList<>();
      r.get("hosts").forEach(h -> hosts.add(h.asText()));
      out.add(
          String.join(",", hosts)
              + " "
              + r.get("kind").asText()
              + ": "
              + r.get("restart").asText()
              + " ("
              + r.get("status").asText()
              + ")");
    }
    out.sort(String::compareTo);
    return out;
  }

  @Test
  void applyQueuesExactlyThePlansRestarts() throws Exception {
    Path plan = savedPlan();
    SavedPlan saved = PlanReader.read(plan);
    for (String h : List.of("h1", "h2")) {
      List<PlannedRestart> intents =
          saved.host(h).orElseThrow().tasks().stream()
              .flatMap(t -> t.restartIntents().stream())
              .toList();
      assertEquals(1, intents.size(), h + ": " + intents);
      assertEquals("web_server", intents.get(0).kind());
      assertEquals("web1", intents.get(0).id());
      assertTrue(intents.get(0).window().contains("nightly"), intents.get(0).window());
    }

    CliRun apply = cli("apply.db", "apply", plan.toString(), "-i", dir.resolve("hosts.yml") + "");
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(
        List.of(
            "h1 web_server: web server web1 (queued)", "h2 web_server: web server web1 (queued)"),
        queued("apply.db"));
    for (String h : List.of("h1", "h2")) {
      assertEquals(
          "vm.nr_hugepages = 512\n", Files.readString(dir.resolve(h).resolve("pages.conf")));
    }
  }

  @Test
  void aRestartThePlanDidNotPredictRefusesThatHostOnly() throws Exception {
    Path plan = savedPlan();
    SavedPlan saved = PlanReader.read(plan);
    // a plan (digest intact) that did not predict h2's restart: the apply would ask for one
    List<HostPlan> hosts = new ArrayList<>();
    for (HostPlan h : saved.hosts()) {
      if (!h.host().equals("h2")) {
        hosts.add(h);
        continue;
      }
      List<TaskPlan> tasks =
          h.tasks().stream()
              .map(
                  t ->
                      new TaskPlan(
                          t.task(),
                          t.location(),
                          t.noLog(),
                          t.steps(),
                          t.writes(),
                          t.restarts(),
                          List.of(),
                          t.pageState()))
              .toList();
      hosts.add(new HostPlan(h.host(), h.facts(), tasks));
    }
    new PlanWriter()
        .write(
            new SavedPlan(
                saved.schemaVersion(),
                saved.createdAt(),
                saved.createdBy(),
                saved.runId(),
                saved.source(),
                hosts),
            plan,
            signer("apply.db"));

    CliRun apply = cli("apply.db", "apply", plan.toString(), "-i", dir.resolve("hosts.yml") + "");
    assertEquals(2, apply.exitCode(), apply::toString);
    String all = apply.out() + apply.err();
    assertTrue(all.contains("h2: restart of"), all);
    assertTrue(all.contains("is not one the plan predicted for this host"), all);
    assertEquals(List.of("h1 web_server: web server web1 (queued)"), queued("apply.db"));
    assertEquals("vm.nr_hugepages = 512\n", Files.readString(dir.resolve("h1/pages.conf")));
    assertEquals(
        "vm.nr_hugepages = 0\n",
        Files.readString(dir.resolve("h2/pages.conf")),
        "the refused host's file is left as it was");
    assertFalse(queued("apply.db").stream().anyMatch(q -> q.startsWith("h2")));
  }
}
