package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.plan.HostPlan;
import io.pagetune.plan.PlanReader;
import io.pagetune.plan.PlannedWrite;
import io.pagetune.plan.SavedPlan;
import io.pagetune.state.Sha256;
import io.pagetune.testing.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change-board workflow on the lab's Solaris web servers: {@code run --check --save-plan} then
 * {@code apply PLAN} changes exactly the planned files; a file edited by hand in between makes the
 * apply refuse that host with the drift as a diff while the other host is applied; an old plan, an
 * edited inventory and an edited plan are refused before any host is touched.
 */
class SavedPlanLabTest {
  private static final String STARTSERV = "/opt/webserver7/https-web1/bin/startserv";
  private static final List<String> HOSTS = List.of("sol-web256", "sol-web4m");
  private static final String APPLY_AT = "2026-11-30T21:30:00Z";

  @TempDir Path tmp;
  private Path inventory;
  private Path plan;

  @BeforeEach
  void lab() throws IOException {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f : new String[] {"solaris_web.yml", "all.yml"}) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    StringBuilder hosts = new StringBuilder("all:\n  children:\n    solaris_web:\n      hosts:\n");
    for (String h : HOSTS) {
      hosts
          .append("        ")
          .append(h)
          .append(": {ansible_connection: lab, pagetune_lab_root: '")
          .append(root(h))
          .append("'}\n");
    }
    inventory = Files.writeString(inv.resolve("lab.yml"), hosts.toString());
    plan = tmp.resolve("chg.plan");
  }

  private Path root(String host) {
    return tmp.resolve("roots").resolve(host);
  }

  private CliRun cli(Map<String, String> env, String... args) {
    Map<String, String> all = new HashMap<>(env);
    all.put("PAGETUNE_STATE", tmp.resolve("state.db").toString());
    return CliRun.withEnv(all, args);
  }

  private CliRun cli(String... args) {
    return cli(Map.of(), args);
  }

  private SavedPlan savePlan() {
    CliRun check =
        cli(
            "run",
            "playbooks/solaris-mpss.yml",
            "-i",
            inventory.toString(),
            "--check",
            "--diff",
            "--save-plan",
            plan.toString(),
            "--progress",
            "none");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().contains("Plan saved to " + plan + " (sha256:"), check.out());
    return PlanReader.read(plan);
  }

  /** Every regular file under the root but the stand-ins' own state, by its SHA-256. */
  private static Map<String, String> files(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        String rel = root.relativize(p).toString();
        if (!rel.startsWith(".state")) {
          out.put("/" + rel, Sha256.hex(Files.readAllBytes(p)));
        }
      }
    }
    return out;
  }

  private static Set<String> changed(Map<String, String> before, Map<String, String> after) {
    Set<String> out = new TreeSet<>();
    Set<String> all = new TreeSet<>(before.keySet());
    all.addAll(after.keySet());
    for (String p : all) {
      if (!java.util.Objects.equals(before.get(p), after.get(p))) {
        out.add(p);
      }
    }
    return out;
  }

  private static PlannedWrite onlyWrite(SavedPlan saved, String host) {
    HostPlan h = saved.host(host).orElseThrow(() -> new AssertionError(host + " not planned"));
    assertEquals(1, h.writes().size(), h.toString());
    return h.writes().get(0);
  }

  @Test
  void applyChangesExactlyThePlannedFilesAndADriftedHostIsRefusedWithItsDiff() throws Exception {
    SavedPlan saved = savePlan();
    assertEquals(HOSTS, saved.hosts().stream().map(HostPlan::host).toList());
    Map<String, Map<String, String>> before = new HashMap<>();
    for (String h : HOSTS) {
      PlannedWrite w = onlyWrite(saved, h);
      assertEquals(STARTSERV, w.path());
      assertEquals(
          Sha256.hex(Files.readAllBytes(root(h).resolve(STARTSERV.substring(1)))),
          w.beforeSha256(),
          "the plan's before hash is the file as it was");
      assertFalse(saved.host(h).orElseThrow().facts().isEmpty(), "the facts the plan rests on");
      before.put(h, files(root(h)));
    }
    assertFalse(
        saved.host("sol-web256").orElseThrow().tasks().get(0).restarts().isEmpty(),
        "predicted restart");

    Path drifted = root("sol-web4m").resolve(STARTSERV.substring(1));
    String handEdited = Files.readString(drifted) + "# hand edit after the board approved\n";
    Files.writeString(drifted, handEdited);
    Map<String, String> driftedFiles = files(root("sol-web4m"));

    // the window opens a day and a half after the board approved the plan
    CliRun apply = cli(Map.of("PAGETUNE_NOW", APPLY_AT), "apply", plan.toString());
    assertEquals(2, apply.exitCode(), apply.toString());
    assertTrue(
        apply.out().contains("refused: [sol-web4m]: " + STARTSERV + " changed since"), apply.out());
    assertTrue(apply.out().contains("--- plan: " + STARTSERV), apply.out());
    assertTrue(apply.out().contains("+++ live: " + STARTSERV), apply.out());
    assertTrue(apply.out().contains("+# hand edit after the board approved"), apply.out());
    assertTrue(apply.out().contains("changed: [sol-web256]"), apply.out());
    assertFalse(apply.out().contains("changed: [sol-web4m]"), apply.out());

    assertEquals(handEdited, Files.readString(drifted), "the drifted host is left as it is");
    assertEquals(Set.of(), changed(driftedFiles, files(root("sol-web4m"))));
    Path applied = root("sol-web256").resolve(STARTSERV.substring(1));
    PlannedWrite w = onlyWrite(saved, "sol-web256");
    assertEquals(w.after().text(), Files.readString(applied));
    // the module keeps a copy of the old content beside the file, as the plan says
    assertTrue(w.backup(), w.toString());
    assertEquals(
        Set.of(STARTSERV, STARTSERV + ".20261130T213000Z~"),
        changed(before.get("sol-web256"), files(root("sol-web256"))));

    // applied once: the plan's before no longer holds there, so a second apply refuses it too
    CliRun again =
        cli(Map.of("PAGETUNE_NOW", APPLY_AT), "apply", plan.toString(), "--limit", "sol-web256");
    assertEquals(2, again.exitCode(), again.toString());
    assertTrue(again.out().contains("refused: [sol-web256]"), again.out());

    CliRun history = cli("history");
    assertTrue(history.out().contains("planned " + saved.digest().substring(7, 19)), history.out());
  }

  @Test
  void anUntouchedLabIsAppliedWholeAndShowPrintsThePlan() throws Exception {
    SavedPlan saved = savePlan();
    CliRun show = cli("show", plan.toString());
    assertEquals(0, show.exitCode(), show.toString());
    assertTrue(show.out().contains("TASK [Ensure MPSS in startserv]"), show.out());
    assertTrue(show.out().contains("--- before: " + STARTSERV), show.out());
    assertTrue(show.out().contains("+MPSSHEAP"), show.out());
    assertTrue(show.out().contains("would restart: "), show.out());
    CliRun json = cli("show", plan.toString(), "--output", "json");
    JsonNode doc = new ObjectMapper().readTree(json.out());
    assertEquals(SavedPlan.SCHEMA_VERSION, doc.get("schema_version").asInt());
    assertEquals(saved.digest(), doc.get("digest").asText());
    assertEquals(2, doc.get("hosts").size());

    CliRun apply = cli("apply", plan.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    for (String h : HOSTS) {
      assertEquals(
          onlyWrite(saved, h).afterSha256(),
          Sha256.hex(Files.readAllBytes(root(h).resolve(STARTSERV.substring(1)))));
    }
  }

  @Test
  void anOldPlanAnEditedInventoryAndAnEditedPlanAreRefusedBeforeAnyHostIsTouched()
      throws Exception {
    savePlan();
    Map<String, String> untouched = files(root("sol-web256"));

    CliRun old = cli(Map.of("PAGETUNE_NOW", "2026-12-07T10:00:01Z"), "apply", plan.toString());
    assertEquals(4, old.exitCode(), old.toString());
    assertTrue(old.err().contains("older than --max-plan-age 7d"), old.err());
    CliRun young =
        cli(
            Map.of("PAGETUNE_NOW", "2026-12-07T10:00:01Z"),
            "apply",
            plan.toString(),
            "--max-plan-age",
            "9d",
            "--limit",
            "nothing-matches-*");
    assertTrue(!young.err().contains("older than"), young.err());

    String text = Files.readString(plan);
    Files.writeString(plan, text.replace("MPSSHEAP=", "MPSSHEAP ="));
    CliRun tampered = cli("apply", plan.toString());
    assertEquals(4, tampered.exitCode(), tampered.toString());
    assertTrue(tampered.err().contains("does not match its digest"), tampered.err());
    Files.writeString(plan, text);

    Files.writeString(inventory, Files.readString(inventory) + "# edited after the plan\n");
    CliRun edited = cli("apply", plan.toString());
    assertEquals(4, edited.exitCode(), edited.toString());
    // the inventory file the check run read is named
    assertTrue(edited.err().contains(inventory + " changed since the plan was made"), edited.err());

    assertEquals(untouched, files(root("sol-web256")));
  }
}
