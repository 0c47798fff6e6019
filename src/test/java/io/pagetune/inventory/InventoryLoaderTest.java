package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InventoryLoaderTest {
  private static List<String> names(List<Host> hosts) {
    return hosts.stream().map(Host::name).toList();
  }

  @Test
  void iniAndYamlOfTheSameInventoryResolveIdentically() {
    Inventory ini = Fixtures.load("same/hosts.ini");
    Inventory yaml = Fixtures.load("same/hosts.yml");
    List<String> expected =
        List.of(
            "bastion.example.com",
            "web1.example.com",
            "web2.example.com",
            "web3.example.com",
            "web-canary.example.com",
            "db01",
            "db02",
            "db03");
    assertEquals(expected, names(ini.hosts()));
    assertEquals(expected, names(yaml.hosts()));
    for (Host h : ini.hosts()) {
      Host y = yaml.host(h.name()).orElseThrow();
      assertEquals(h.groups(), y.groups(), h.name());
      // the same but for the file each came from (inventory_file)
      java.util.Map<String, Object> a = h.vars().resolve();
      java.util.Map<String, Object> b = y.vars().resolve();
      assertEquals(true, String.valueOf(a.remove("inventory_file")).endsWith("hosts.ini"));
      assertEquals(true, String.valueOf(b.remove("inventory_file")).endsWith("hosts.yml"));
      assertEquals(a, b, h.name());
    }
    assertEquals(Set.copyOf(ini.groups().keySet()), Set.copyOf(yaml.groups().keySet()));
    for (String g : ini.groups().keySet()) {
      Group a = ini.groups().get(g);
      Group b = yaml.groups().get(g);
      assertEquals(a.hosts(), b.hosts(), g);
      assertEquals(a.vars(), b.vars(), g);
      assertEquals(Set.copyOf(a.children()), Set.copyOf(b.children()), g);
    }
    InventoryReport iniReport = new InventoryReport(ini);
    InventoryReport yamlReport = new InventoryReport(yaml);
    assertEquals(iniReport.list(), yamlReport.list());
    assertEquals(iniReport.graph(), yamlReport.graph());
  }

  @Test
  void inlineValuesAreTyped() {
    Map<String, Object> canary =
        Fixtures.load("same/hosts.ini")
            .host("web-canary.example.com")
            .orElseThrow()
            .vars()
            .resolve();
    assertEquals("10.0.0.99", canary.get("ansible_host"));
    assertEquals(true, canary.get("canary"));
    assertEquals(0.5, canary.get("weight"));
    assertEquals("hello world", canary.get("note"));
    assertEquals("42", canary.get("tag"));
    assertEquals(List.of("ntp1", "ntp2"), canary.get("ntp_servers"));
    assertEquals(100L, canary.get("max_conn"));
    assertEquals(8080L, canary.get("http_port"));
    assertFalse(canary.containsKey("ansible_group_priority"), "priority is not a variable");
  }

  @Test
  void portAfterHostNameBecomesAnsiblePort() {
    Host bastion = Fixtures.load("same/hosts.ini").host("bastion.example.com").orElseThrow();
    assertEquals(2222L, bastion.vars().resolve().get("ansible_port"));
    assertEquals(List.of("all", "ungrouped"), bastion.groups());
  }

  @Test
  void everyHostIsInAllAndUngroupedOnlyWithoutOtherGroups() {
    Inventory inv = Fixtures.load("same/hosts.yml");
    for (Host h : inv.hosts()) {
      assertEquals("all", h.groups().get(0));
      assertFalse(h.implicit());
    }
    assertEquals(List.of("bastion.example.com"), names(inv.hostsIn("ungrouped")));
    assertEquals(
        List.of("all", "prod", "web"), inv.host("web1.example.com").orElseThrow().groups());
    assertEquals(List.of("web", "db"), inv.groups().get("prod").children());
    assertEquals(List.of(), inv.groups().get("all").hosts());
  }

  @Test
  void hostListedUnderSeveralGroupsMergesItsVariables(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts.yml");
    Files.writeString(
        file,
        "all:\n  children:\n    a:\n      hosts:\n        h: {x: 1, y: 1}\n"
            + "    b:\n      hosts:\n        h: {y: 2}\n        h2:\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    Host h = inv.host("h").orElseThrow();
    assertEquals(List.of("all", "a", "b"), h.groups());
    assertEquals(1L, h.vars().resolve().get("x"));
    assertEquals(2L, h.vars().resolve().get("y"));
    assertEquals(List.of("h", "h2"), names(inv.hosts()));
  }

  @Test
  void groupsMayBeDefinedAnywhereInTheYamlTree(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts.yaml");
    Files.writeString(
        file,
        "db:\n  hosts:\n    db1:\n  vars:\n    port: 1521\n"
            + "all:\n  vars:\n    site: fra\n  children:\n    prod:\n      children:\n        db:\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    Host db1 = inv.host("db1").orElseThrow();
    assertEquals(List.of("all", "prod", "db"), db1.groups());
    assertEquals(1521L, db1.vars().resolve().get("port"));
    assertEquals("fra", db1.vars().resolve().get("site"));
    assertEquals(List.of("db1"), names(inv.hostsIn("prod")));
  }

  @Test
  void iniAllVarsApplyToEveryHost(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts");
    Files.writeString(file, "[all:vars]\nsite = fra\n[web]\nweb1 site=ber\n[db]\ndb1\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertEquals("ber", inv.host("web1").orElseThrow().vars().resolve().get("site"));
    assertEquals("fra", inv.host("db1").orElseThrow().vars().resolve().get("site"));
  }

  @Test
  void hostsAtTheTopOfAnIniFileAreUngrouped(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts");
    Files.writeString(file, "solo\nboth\n[web]\nboth\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertEquals(List.of("solo"), inv.groups().get("ungrouped").hosts());
    assertEquals(List.of("all", "web"), inv.host("both").orElseThrow().groups());
  }

  @Test
  void groupAndHostVarsFilesAndDirectories() {
    Inventory inv = Fixtures.load("vars/hosts");
    Map<String, Object> web = inv.host("web1.example.com").orElseThrow().vars().resolve();
    assertEquals("pool.ntp.org", web.get("ntp"));
    assertEquals("/srv/www", web.get("doc_root"), "group_vars/web without extension is read");
    assertEquals(8443L, web.get("http_port"), "host_vars file wins over group_vars");
    Map<String, Object> db01 = inv.host("db01").orElseThrow().vars().resolve();
    assertEquals(1522L, db01.get("db_port"), "files of a directory merge in lexical order");
    assertEquals("huge", db01.get("db_size"));
    assertEquals(64L, db01.get("sga_gb"));
    Map<String, Object> db02 = inv.host("db02").orElseThrow().vars().resolve();
    assertEquals("small", db02.get("db_size"), "an inline host variable beats group_vars/");
    assertEquals(1522L, db02.get("db_port"));
    assertEquals(80L, inv.groups().get("web").vars().get("http_port"), "web.yaml after web");
  }

  @Test
  void directoryInventoryLoadsEveryInventoryFileSorted() {
    Inventory inv = Fixtures.load("dirinv");
    assertEquals(List.of("web1", "web2", "db1", "web3", "lonely"), names(inv.hosts()));
    assertEquals(List.of("web1", "web2", "web3"), inv.groups().get("web").hosts());
    Map<String, Object> web3 = inv.host("web3").orElseThrow().vars().resolve();
    assertEquals("front", web3.get("tier"), "groups merge across files");
    assertEquals("example.com", web3.get("domain"));
    assertEquals("ORCL", inv.host("db1").orElseThrow().vars().resolve().get("sid"));
    assertEquals(List.of("all", "ungrouped"), inv.host("lonely").orElseThrow().groups());
  }

  @Test
  void fileWithoutExtensionThatIsPlainlyYamlIsReadAsYaml() {
    Inventory inv = Fixtures.load("patterns/yaml-without-extension");
    assertEquals(List.of("localhost", "remote1"), names(inv.hosts()));
    assertEquals(42L, inv.host("localhost").orElseThrow().vars().resolve().get("answer"));
    assertTrue(InventoryLoader.looksLikeYaml("# c\nall:\n  hosts:\n"));
    assertFalse(InventoryLoader.looksLikeYaml("web1:22\n[db]\n"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "errors/both.yml|errors/both.yml:6:5: 'db' is both a host and a group",
        "errors/both.ini|errors/both.ini:5:1: 'db' is both a host and a group",
        "errors/cycle.yml|errors/cycle.yml:9:17: group cycle: a -> b -> c -> a (via children)",
        "errors/cycle.ini|errors/cycle.ini:5:1: group cycle: a -> b -> a (via children)",
        "errors/duplicate-key.yml|errors/duplicate-key.yml:5:5: duplicate key 'web1' (first at"
            + " errors/duplicate-key.yml:3:5)",
        "errors/unknown-key.yml|errors/unknown-key.yml:4:7: unknown key 'host' in group 'web'"
            + " (expected hosts, vars or children); did you mean 'hosts'?",
        "errors/hosts-list.yml|errors/hosts-list.yml:5:9: hosts of group 'web' must be a mapping,"
            + " got a list (write 'name:' lines, not '- name' list items)",
        "errors/bad-range.ini|errors/bad-range.ini:3:3: malformed host range 'db[01:100]':"
            + " zero-padded begin and end must have the same width",
        "errors/bad-line.ini|errors/bad-line.ini:2:19: expected key=value host variable after host"
            + " 'web1', got 'oops'",
        "errors/bad-section.ini|errors/bad-section.ini:4:1: invalid section type ':var' (expected"
            + " [group], [group:vars] or [group:children]); did you mean 'vars'?",
        "errors/undefined-child.ini|errors/undefined-child.ini:6:1: section [prod:children] names"
            + " undefined group 'dbs'; did you mean 'db'?",
        "errors/vars-undefined.ini|errors/vars-undefined.ini:4:1: section [wbe:vars] is for"
            + " undefined group 'wbe'; did you mean 'web'?",
        "errors/vars-no-equals.ini|errors/vars-no-equals.ini:5:1: expected key=value in section"
            + " [web:vars], got 'port 80'",
        "errors/unterminated.ini|errors/unterminated.ini:2:11: unterminated double quote",
        "errors/plugin.yml|errors/plugin.yml:1:1: inventory plugin 'amazon.aws.aws_ec2' is not"
            + " implemented by pagetune (it implements servicenow_cmdb; or list hosts under"
            + " 'all:')",
        "errors/bad-group-vars/hosts|errors/bad-group-vars/group_vars/web.yml:1:1: a vars file"
            + " must be a mapping of names to values",
        "errors/missing.ini|errors/missing.ini:1:1: inventory not found",
      })
  void inputErrorsNameFileLineAndColumn(String fixture, String message) {
    InputException e = assertThrows(InputException.class, () -> Fixtures.load(fixture));
    assertEquals(message, e.getMessage());
  }

  @Test
  void jsonWithoutExtensionIsReadAsYaml(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts");
    Files.writeString(file, "{\"all\": {\"hosts\": {\"h1\": {\"x\": [1, 2]}}}}\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertEquals(List.of(1L, 2L), inv.host("h1").orElseThrow().vars().resolve().get("x"));
  }

  @Test
  void symbolicLinkLoopInADirectoryInventoryIsReadOnce(@TempDir Path dir) throws IOException {
    Path inv = Files.createDirectories(dir.resolve("inv"));
    Files.writeString(inv.resolve("hosts"), "[web]\nweb1\n");
    Files.createSymbolicLink(inv.resolve("loop"), inv);
    assertEquals(List.of("web1"), names(new InventoryLoader(dir).load(inv).hosts()));
  }

  @Test
  void variableValuesCannotBeChangedInPlace() {
    Inventory inv = Fixtures.load("same/hosts.yml");
    Object servers = inv.host("db01").orElseThrow().vars().resolve().get("ntp_servers");
    assertThrows(UnsupportedOperationException.class, () -> ((List<?>) servers).clear());
    assertThrows(
        UnsupportedOperationException.class,
        () -> inv.groups().get("prod").vars().put("env", "dev"));
  }

  @Test
  void largeRangeLoadsAndSelects(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("hosts");
    Files.writeString(file, "[web]\nweb[0001:2000] tier=front\n[db]\ndb[1:50]\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertEquals(2_050, inv.hosts().size());
    assertEquals("web0001", inv.hosts().get(0).name());
    List<Host> chosen = inv.select("web:!web0002:db[0]");
    assertEquals(2_000, chosen.size());
    assertEquals("web0003", chosen.get(1).name());
    assertEquals("db1", chosen.get(chosen.size() - 1).name());
  }

  @Test
  void severalSourcesMergeIntoOneInventory() {
    Inventory inv =
        new InventoryLoader(Fixtures.DIR)
            .load(List.of(Fixtures.path("dirinv/01-static.ini"), Fixtures.path("vars/hosts")));
    assertEquals(List.of("web1", "web2", "web1.example.com", "db01", "db02"), names(inv.hosts()));
    assertEquals("example.com", inv.host("db01").orElseThrow().vars().resolve().get("domain"));
    assertEquals("pool.ntp.org", inv.host("web1").orElseThrow().vars().resolve().get("ntp"));
  }

  @Test
  void commaSeparatedSourceIsAnInlineHostList() {
    Inventory inv = new InventoryLoader(Fixtures.DIR).loadSource("web1, db[1:2]:2222,");
    assertEquals(List.of("web1", "db1", "db2"), names(inv.hosts()));
    assertEquals(2222L, inv.host("db2").orElseThrow().vars().resolve().get("ansible_port"));
    assertEquals(List.of("all", "ungrouped"), inv.host("web1").orElseThrow().groups());
    assertEquals(
        List.of("web1.example.com", "db01", "db02"),
        names(
            new InventoryLoader(Fixtures.DIR)
                .loadSource(Fixtures.path("vars/hosts").toString())
                .hosts()));
    InputException e =
        assertThrows(
            InputException.class, () -> new InventoryLoader(Fixtures.DIR).loadSource("nohosts"));
    assertEquals("nohosts:1:1: inventory not found", e.getMessage());
  }

  @Test
  void emptyInventoryStillKnowsLocalhost() {
    Inventory inv = InventoryLoader.empty();
    assertTrue(inv.hosts().isEmpty());
    assertEquals(List.of("localhost"), names(inv.select("localhost")));
    assertEquals(List.of(), inv.select("all"));
  }

  @Test
  void varsFilesOfUnknownGroupsAreNotRead() {
    // vars/group_vars/nosuch.yml is broken YAML: loading it would throw.
    assertEquals(3, Fixtures.load("vars/hosts").hosts().size());
  }

  @Test
  void groupNamesCannotEscapeTheVarsDirectory(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("inv/group_vars"));
    Files.writeString(dir.resolve("secret.yml"), "leaked: true\n");
    Path file = dir.resolve("inv/hosts.yml");
    Files.writeString(file, "all:\n  children:\n    ../../secret:\n      hosts:\n        h:\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertFalse(inv.host("h").orElseThrow().vars().resolve().containsKey("leaked"));
  }

  @Test
  void emptyInventoryHasOnlyBuiltInGroups(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("empty.yml");
    Files.writeString(file, "# nothing yet\n");
    Inventory inv = new InventoryLoader(dir).load(file);
    assertTrue(inv.hosts().isEmpty());
    assertEquals(List.of("all", "ungrouped"), List.copyOf(inv.groups().keySet()));
    assertEquals(List.of("ungrouped"), inv.groups().get("all").children());
  }

  @Test
  void selectReportsErrorsAtTheGivenLocation() {
    Inventory inv = Fixtures.load("same/hosts.yml");
    InputException e =
        assertThrows(InputException.class, () -> inv.select("web:", SourceLocation.of("--limit")));
    assertEquals("--limit:1:5", e.location().toString());
  }
}
