package io.pagetune.inventory.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import io.pagetune.template.HostText;
import io.pagetune.testing.CliRun;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An executable inventory is run as Ansible runs it ({@code --list}, then {@code --host} per host
 * without {@code _meta}); its answer is the inventory's hosts, groups and variables, kept as data
 * that templates never evaluate; a failing, garbled or hanging script stops the load with one line
 * naming it.
 */
class ScriptInventoryTest {
  @TempDir Path dir;

  private final List<String> warnings = new ArrayList<>();

  private DynamicSources sources(Duration scriptTimeout) {
    return new DynamicSources(
        Map.of(),
        Clock.systemUTC(),
        dir.resolve("cache"),
        scriptTimeout,
        ServiceNowClient.Options.defaults(),
        Sleeper.REAL,
        warnings::add);
  }

  private Inventory load(Path script) {
    return load(script, InventoryScript.DEFAULT_TIMEOUT);
  }

  private Inventory load(Path script, Duration timeout) {
    return new InventoryLoader(new YamlReader(dir), sources(timeout)).load(script);
  }

  @Test
  void aScriptWithMetaGivesItsGroupsHostsAndVariables() throws IOException {
    Path script = TestScripts.python(dir, "cmdb.py", TestScripts.WITH_META, "{}");
    Inventory inv = load(script);

    assertEquals(
        List.of("db01.example.com", "db02.example.com", "web01", "web02", "bastion"),
        inv.hosts().stream().map(Host::name).toList());
    assertEquals(List.of("prod", "ungrouped"), inv.groups().get("all").children());
    assertEquals(List.of("db", "web"), inv.groups().get("prod").children());
    assertEquals(List.of("web01", "web02"), inv.groups().get("web").hosts());
    assertEquals(List.of("bastion"), inv.groups().get("ungrouped").hosts());
    Map<String, Object> db01 = inv.host("db01.example.com").orElseThrow().vars().resolve();
    assertEquals("10.1.0.1", db01.get("ansible_host"));
    assertEquals(2222L, db01.get("ansible_port"));
    assertEquals(2L, db01.get("tier"), "host variables beat group variables");
    assertEquals(4096L, db01.get("hugepages"));
    assertEquals(false, db01.get("thp"));
    assertEquals(List.of("a", "b"), db01.get("dns"));
    assertEquals("production", db01.get("env"));
    assertEquals(
        Map.of("a", java.util.Arrays.asList(1L, null, 2.5)),
        inv.host("db02.example.com").orElseThrow().vars().resolve().get("extra"));
    assertEquals("canary", inv.host("web01").orElseThrow().vars().resolve().get("env"));
    assertEquals(List.of("--list"), calls(), "with _meta, no --host call");
  }

  @Test
  void whatTheScriptSaysIsDataForTemplatesAndPlainForPagetune() throws IOException {
    Path script = TestScripts.python(dir, "cmdb.py", TestScripts.WITH_META, "{}");
    Host db01 = load(script).host("db01.example.com").orElseThrow();
    assertEquals("${7 * 6}", db01.vars().resolve().get("motd"));
    assertEquals(new HostText("${7 * 6}"), db01.templateVars().resolve().get("motd"));
    assertEquals(new HostText("production"), db01.templateVars().resolve().get("env"));
    // the group priority and numbers stay what they are
    assertEquals(2222L, db01.templateVars().resolve().get("ansible_port"));
  }

  @Test
  void aPlaybookWritesTheScriptsTemplateTextLiterallyButRendersTheUsersGroupVars()
      throws IOException {
    Path out = Files.createDirectories(dir.resolve("out"));
    String list =
        "{\"local\": {\"hosts\": [\"here\"]}, \"_meta\": {\"hostvars\": {\"here\":"
            + " {\"ansible_connection\": \"local\", \"motd\": \"${7 * 6}\"}}}}";
    Path script = TestScripts.python(dir, "inv.py", list, "{}");
    Files.createDirectories(dir.resolve("group_vars"));
    Files.writeString(dir.resolve("group_vars/local.yml"), "mine: \"${6 * 7}\"\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: local\n  gather_facts: false\n  tasks:\n"
                + "    - copy: {dest: \""
                + out.resolve("motd")
                + "\", content: \"${motd}|${mine}\\n\"}\n");

    CliRun run = CliRun.of("run", playbook.toString(), "-i", script.toString());

    assertEquals(0, run.exitCode(), run.toString());
    assertEquals("${7 * 6}|42\n", Files.readString(out.resolve("motd")));
  }

  @Test
  void withoutMetaEachHostIsAskedWithHost() throws IOException {
    Path script =
        TestScripts.python(dir, "sap.py", TestScripts.WITHOUT_META, TestScripts.WITHOUT_META_HOSTS);
    Inventory inv = load(script);

    assertEquals(
        List.of("pase1", "pase2", "lonely"), inv.hosts().stream().map(Host::name).toList());
    Map<String, Object> pase1 = inv.host("pase1").orElseThrow().vars().resolve();
    assertEquals("00", pase1.get("sap_instance"));
    assertEquals("prdadm", pase1.get("ansible_user"));
    assertEquals("PRD", pase1.get("sap_sid"));
    assertEquals("fra", pase1.get("site"));
    assertEquals(true, inv.host("lonely").orElseThrow().vars().resolve().get("lone"));
    assertEquals(List.of("sap_prd"), inv.groups().get("sap").children());
    assertEquals(List.of("--list", "--host pase1", "--host pase2", "--host lonely"), calls());
  }

  @Test
  void aFailingScriptIsOneLineWithItsStderr() throws IOException {
    Path script =
        TestScripts.write(
            dir,
            "broken.sh",
            "#!/bin/sh\necho 'cmdb: connection refused' >&2\necho 'retry later' >&2\nexit 3\n");
    InputException e = assertThrows(InputException.class, () -> load(script));
    assertEquals(
        "broken.sh:1:1: the inventory script failed with exit code 3 on --list:"
            + " cmdb: connection refused / retry later",
        e.getMessage());
  }

  @Test
  void outputThatIsNotJsonNamesTheScriptAndWhere() throws IOException {
    Path script =
        TestScripts.write(
            dir, "garbled.sh", "#!/bin/sh\necho 'warming up' >&2\nprintf '{\"web\": [\"a\",]}'\n");
    InputException e = assertThrows(InputException.class, () -> load(script));
    assertTrue(
        e.getMessage()
            .startsWith("garbled.sh:1:1: the inventory script's output on --list is not JSON:"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("(line 1, column 14); stderr: warming up"), e.getMessage());
  }

  @Test
  void aBadGroupShapeIsNamed() throws IOException {
    Path script =
        TestScripts.write(dir, "shape.sh", "#!/bin/sh\necho '{\"web\": {\"hosts\": \"w1\"}}'\n");
    InputException e = assertThrows(InputException.class, () -> load(script));
    assertEquals(
        "shape.sh:1:1: group 'web': the host list must be a list in the inventory output",
        e.getMessage());
  }

  @Test
  void aScriptThatHangsIsStoppedAtItsTimeLimit() throws IOException {
    Path script = TestScripts.write(dir, "hang.sh", "#!/bin/sh\nexec sleep 600\n");
    InputException e =
        assertThrows(InputException.class, () -> load(script, Duration.ofMillis(300)));
    assertEquals(
        "hang.sh:1:1: the inventory script did not finish --list within 300 ms and was stopped",
        e.getMessage());
  }

  @Test
  void aHostScriptFailureNamesTheHost() throws IOException {
    Path script =
        TestScripts.write(
            dir,
            "half.sh",
            "#!/bin/sh\n"
                + "if [ \"$1\" = --list ]; then echo '{\"web\": [\"w1\"]}'; exit 0; fi\n"
                + "echo \"no such host $2\" >&2; exit 1\n");
    InputException e = assertThrows(InputException.class, () -> load(script));
    assertEquals(
        "half.sh:1:1: the inventory script failed with exit code 1 on --host w1: no such host w1",
        e.getMessage());
  }

  private List<String> calls() throws IOException {
    return Files.readAllLines(dir.resolve("calls.log"));
  }
}
