package io.pagetune.restart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two restarts one run queues on one SSH host, its window open now (the CLI's fixed clock, 10:00
 * UTC, inside 09:00-13:00): the end-of-run pass runs both, one after the other in queue order,
 * instead of leaving the second to the next {@code schedule run-due} after the retry delay; and a
 * first restart that fails stops the second, as a failure stops the rest of its group.
 */
class EndOfRunRestartsOnOneHostTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  private final ObjectMapper json = new ObjectMapper();

  /** A line of each start and end of a restart on the host; a run while another runs shows. */
  private Path log() {
    return dir.resolve("restarts.log");
  }

  private Path inventory(TestSshHost server, String restartCommand) throws Exception {
    Files.writeString(
        dir.resolve("windows.yml"),
        "windows:\n  now-open: { cron: \"0 9 * * *\", duration: 4h, zone: UTC }\n");
    return Files.writeString(
        dir.resolve("hosts.yml"),
        "all:\n  hosts:\n    db1:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + server.port()
            + "\n      ansible_user: "
            + ssh.user()
            + "\n      ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n      pagetune_change_window: now-open\n"
            + "      pagetune_restart_commands:\n        service: '"
            + restartCommand
            + "'\n");
  }

  /** One task per service, each notifying its own restart. */
  private Path playbook() throws Exception {
    return Files.writeString(
        dir.resolve("site.yml"),
        String.join(
            "\n",
            "- hosts: all",
            "  gather_facts: false",
            "  tasks:",
            "    - name: cluster a",
            "      copy: { dest: \""
                + dir.resolve("a.conf")
                + "\", content: \"huge_pages = on\\n\" }",
            "      notify: restart a",
            "    - name: cluster b",
            "      copy: { dest: \""
                + dir.resolve("b.conf")
                + "\", content: \"huge_pages = on\\n\" }",
            "      notify: restart b",
            "  handlers:",
            "    - name: restart a",
            "      request_restart: { kind: service, id: cluster-a, reason: huge_pages = on }",
            "    - name: restart b",
            "      request_restart: { kind: service, id: cluster-b, reason: huge_pages = on }",
            ""));
  }

  private CliRun cli(String... args) {
    return CliRun.withEnv(Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), args);
  }

  private CliRun run(TestSshHost server, String restartCommand) throws Exception {
    Path inventory = inventory(server, restartCommand);
    return cli(
        "run",
        playbook().toString(),
        "-i",
        inventory.toString(),
        "--known-hosts",
        ssh.knownHosts().toString(),
        "--output",
        "json");
  }

  /** The queue as {@code schedule list} shows it: "id status" in queue order. */
  private List<String> queue() throws Exception {
    CliRun list = cli("schedule", "list", "--all", "--output", "json");
    assertEquals(0, list.exitCode(), list::toString);
    List<String> out = new ArrayList<>();
    for (JsonNode r : json.readTree(list.out()).get("restarts")) {
      out.add(r.get("id").asText() + " " + r.get("status").asText().toUpperCase());
    }
    return out;
  }

  /** The run's {@code restart} events that ended a restart: "id status", in the order they ran. */
  private List<String> ended(CliRun run) throws Exception {
    List<String> out = new ArrayList<>();
    for (String line : run.out().split("\n")) {
      JsonNode e = json.readTree(line);
      if (e.path("event").asText().equals("restart")
          && !e.get("status").asText().equals("queued")) {
        out.add(e.get("id").asText() + " " + e.get("status").asText().toUpperCase());
      }
    }
    return out;
  }

  @Test
  void bothRestartsRunAtTheEndOfTheRunOneAfterTheOtherInQueueOrder() throws Exception {
    TestSshHost server = ssh.start();
    String command =
        "echo start >> " + log() + "; sleep 0.5; echo end >> " + log() + "; echo restarted";

    CliRun run = run(server, command);

    assertEquals(0, run.exitCode(), run::toString);
    List<String> queue = queue();
    assertEquals(2, queue.size(), queue::toString);
    assertTrue(queue.stream().allMatch(q -> q.endsWith(" DONE")), () -> queue + "\n" + run);
    assertEquals(queue, ended(run), run::toString);
    assertEquals(
        List.of("start", "end", "start", "end"), Files.readAllLines(log()), "never at once");
  }

  @Test
  void aFailedFirstRestartStopsTheSecondOnItsHost() throws Exception {
    TestSshHost server = ssh.start();
    Path failed = dir.resolve("failed-once");
    // the first restart fails; a second one, were it run, would succeed
    String command =
        "echo start >> "
            + log()
            + "; if [ -f "
            + failed
            + " ]; then echo end >> "
            + log()
            + "; exit 0; fi; touch "
            + failed
            + "; echo end >> "
            + log()
            + "; echo cannot start >&2; exit 3";

    CliRun run = run(server, command);

    List<String> queue = queue();
    assertEquals(2, queue.size(), queue::toString);
    String first = queue.get(0).split(" ")[0];
    assertEquals(first + " FAILED", queue.get(0), () -> queue + "\n" + run);
    assertTrue(queue.get(1).endsWith(" BLOCKED"), () -> queue + "\n" + run);
    assertEquals(List.of(first + " FAILED"), ended(run), run::toString);
    assertEquals(List.of("start", "end"), Files.readAllLines(log()), "the second never ran");
    CliRun show = cli("schedule", "show", queue.get(1).split(" ")[0]);
    assertTrue(
        show.out().contains("stopped because the restart of service cluster-")
            && show.out().contains(" failed: restart failed: "),
        show::toString);
  }
}
