package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.pages.PageState;
import io.pagetune.state.HostFacts;
import io.pagetune.state.HostFactsStore;
import io.pagetune.state.PostgresServer;
import io.pagetune.state.StateStore;
import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code status} after a real run that gathered facts on local hosts: the page facts it shows
 * (text, JSON, HTML) are the ones the state store holds, with their time and run; a host never
 * gathered says so, and {@code --refresh} gathers and stores them.
 */
class StatusFactsTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  @TempDir Path dir;

  private final ObjectMapper json = new ObjectMapper();

  private Path inventory() throws Exception {
    StringBuilder sb = new StringBuilder("all:\n  hosts:\n");
    for (String h : List.of("h1", "h2")) {
      Files.createDirectories(dir.resolve(h));
      sb.append("    ")
          .append(h)
          .append(": {ansible_connection: local, root: '")
          .append(dir.resolve(h))
          .append("'}\n");
    }
    return Files.writeString(dir.resolve("hosts.yml"), sb.toString());
  }

  /** Gathers facts on h1 only, so h2 is never gathered. */
  private Path playbook() throws Exception {
    return Files.writeString(
        dir.resolve("facts.yml"),
        String.join(
            "\n",
            "- hosts: h1",
            "  gather_facts: true",
            "  tasks:",
            "    - name: the platform",
            "      debug: { var: ansible_system }",
            ""));
  }

  private static CliRun cli(String state, String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", state), args);
  }

  private JsonNode parse(CliRun r) throws Exception {
    assertEquals(0, r.exitCode(), r::toString);
    return json.readTree(r.out());
  }

  private static JsonNode host(JsonNode status, String name) {
    for (JsonNode h : status.get("hosts")) {
      if (h.get("host").asText().equals(name)) {
        return h;
      }
    }
    throw new AssertionError("no " + name + " in " + status);
  }

  private void assertShowsStored(JsonNode h, HostFacts stored) throws Exception {
    JsonNode facts = h.get("facts");
    assertTrue(facts.get("gathered").asBoolean(), h::toString);
    assertEquals(stored.gatheredAt().toString(), facts.get("gathered_at").asText());
    assertEquals(stored.runId().orElse(null), facts.get("run_id").textValue());
    assertEquals(
        json.valueToTree(stored.pages().stream().map(PageState::toMap).toList()),
        h.get("page_state"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void statusShowsTheFactsTheLastRunStored(String dialect) throws Exception {
    String state =
        dialect.equals("sqlite") ? dir.resolve("state.db").toString() : POSTGRES.newDatabase();
    Path inv = inventory();
    CliRun run =
        cli(state, "run", playbook().toString(), "-i", inv.toString(), "--progress", "none");
    assertEquals(0, run.exitCode(), run::toString);
    StateStore store = StateStore.open(state, CliRun.CLOCK, Map.of());
    HostFactsStore stored = new HostFactsStore(store);
    String runId = store.journal().runs().list(1).get(0).runId();
    HostFacts h1 = stored.latest("h1").orElseThrow();
    assertEquals(java.util.Optional.of(runId), h1.runId());
    assertEquals(CliRun.CLOCK.instant(), h1.gatheredAt());
    assertFalse(h1.pages().isEmpty(), "every target shows a page state, even when not in use");
    assertTrue(stored.latest("h2").isEmpty());

    // two and a half hours later, without --refresh: the stored facts with their age
    String later = "2026-11-29T12:30:00Z";
    JsonNode status =
        parse(cli(state, "status", "-i", inv.toString(), "--output", "json", "--now", later));
    JsonNode j1 = host(status, "h1");
    assertShowsStored(j1, h1);
    assertEquals(9000, j1.get("facts").get("age_seconds").asLong());
    assertEquals(
        "facts from 2026-11-29T10:00:00Z (2h ago), run " + runId,
        j1.get("facts").get("text").asText());
    JsonNode j2 = host(status, "h2");
    assertFalse(j2.get("facts").get("gathered").asBoolean());
    assertTrue(j2.get("page_state").isNull(), j2::toString);
    assertEquals("facts never gathered", j2.get("facts").get("text").asText());

    Path report = dir.resolve("status.html");
    CliRun text =
        cli(state, "status", "-i", inv.toString(), "--now", later, "--report", report.toString());
    assertEquals(0, text.exitCode(), text::toString);
    assertTrue(text.out().contains("run " + runId), text.out());
    assertTrue(text.out().contains("facts never gathered"), text.out());
    String page = Files.readString(report);
    assertTrue(page.contains("facts from 2026-11-29T10:00:00Z (2h ago), run " + runId), page);
    assertTrue(page.contains("facts never gathered"), page);

    // --refresh gathers both now and stores them: the next plain status shows the same
    JsonNode refreshed =
        parse(
            cli(
                state,
                "status",
                "-i",
                inv.toString(),
                "--refresh",
                "--output",
                "json",
                "--now",
                later));
    HostFacts h2 = stored.latest("h2").orElseThrow();
    assertEquals(java.time.Instant.parse(later), h2.gatheredAt());
    assertTrue(h2.runId().isEmpty());
    assertShowsStored(host(refreshed, "h2"), h2);
    assertShowsStored(host(refreshed, "h1"), stored.latest("h1").orElseThrow());
    JsonNode after =
        parse(cli(state, "status", "-i", inv.toString(), "--output", "json", "--now", later));
    assertShowsStored(host(after, "h2"), h2);
    assertEquals(
        "facts from " + later + " (now), status --refresh",
        host(after, "h2").get("facts").get("text").asText());
  }

  @Test
  void aHostUnreachableOnRefreshShowsItsLastStoredFacts() throws Exception {
    String state = dir.resolve("state.db").toString();
    CliRun run =
        cli(
            state,
            "run",
            playbook().toString(),
            "-i",
            inventory().toString(),
            "--progress",
            "none");
    assertEquals(0, run.exitCode(), run::toString);
    HostFacts h1 =
        new HostFactsStore(StateStore.open(state, CliRun.CLOCK, Map.of()))
            .latest("h1")
            .orElseThrow();
    // the same host now behind a port nothing listens on
    Path down =
        Files.writeString(
            dir.resolve("down.yml"),
            "all:\n  hosts:\n    h1: {ansible_host: 127.0.0.1, ansible_port: 1,"
                + " ansible_user: nobody}\n");

    CliRun refresh = cli(state, "status", "-i", down.toString(), "--refresh", "--output", "json");

    assertEquals(3, refresh.exitCode(), refresh::toString);
    JsonNode h = host(json.readTree(refresh.out()), "h1");
    assertFalse(h.get("unreachable").isNull(), h::toString);
    assertShowsStored(h, h1);
  }

  @Test
  void aRunWithoutAStateStoreStoresNoFacts() throws Exception {
    String state = dir.resolve("state.db").toString();
    Path inv = inventory();
    CliRun run =
        cli(
            state,
            "run",
            playbook().toString(),
            "-i",
            inv.toString(),
            "--progress",
            "none",
            "--state",
            "none");
    assertEquals(0, run.exitCode(), run::toString);

    JsonNode status = parse(cli(state, "status", "-i", inv.toString(), "--output", "json"));
    assertFalse(host(status, "h1").get("facts").get("gathered").asBoolean(), status::toString);
    StateStore store = StateStore.open(state, CliRun.CLOCK, Map.of());
    assertTrue(new HostFactsStore(store).latest("h1").isEmpty());
  }
}
