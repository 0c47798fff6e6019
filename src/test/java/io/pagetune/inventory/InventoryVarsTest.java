package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pagetune.vars.VarScope;
import io.pagetune.vars.VarSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InventoryVarsTest {
  private final Inventory inv = Fixtures.load("precedence/hosts.yml");

  private VarScope vars(String host) {
    return inv.host(host).orElseThrow().vars();
  }

  @Test
  void groupsApplyAllFirstThenByDepthThenPriorityThenName() {
    assertEquals(List.of("all", "parent", "zeta", "child"), inv.host("h1").orElseThrow().groups());
    assertEquals(List.of("all", "beta", "alpha"), inv.host("h3").orElseThrow().groups());
    assertEquals(List.of("all", "delta", "gamma"), inv.host("h4").orElseThrow().groups());
  }

  @Test
  void childGroupBeatsParentAndShallowerGroups() {
    assertEquals("child", vars("h1").resolve().get("level"));
    assertEquals(VarSource.INVENTORY_GROUP_VARS, vars("h1").sourceOf("level"));
  }

  @Test
  void hostVariableBeatsGroupVariables() {
    assertEquals("host", vars("h2").resolve().get("level"));
    assertEquals(VarSource.INVENTORY_HOST_VARS, vars("h2").sourceOf("level"));
  }

  @Test
  void higherGroupPriorityWinsOverName() {
    assertEquals("alpha", vars("h3").resolve().get("winner"));
    assertEquals("gamma", vars("h4").resolve().get("winner"), "same priority: later name wins");
  }

  @Test
  void groupVarsFilesBeatInlineGroupVarsInVarSourceOrder() {
    Map<String, Object> h1 = vars("h1").resolve();
    assertEquals(2L, h1.get("p"), "group_vars/parent.yml beats inline parent vars");
    assertEquals("file", h1.get("from_all"), "group_vars/all.yml beats inline all vars");
    // As in Ansible: group_vars/all outranks any group's vars written in the inventory file.
    assertEquals("all-file", h1.get("shadow"));
    assertEquals(VarSource.INVENTORY_GROUP_VARS_ALL_FILE, vars("h1").sourceOf("shadow"));
    assertEquals(2L, vars("h1").layer(VarSource.INVENTORY_GROUP_VARS_FILES).get("p"));
    assertEquals(1L, vars("h1").layer(VarSource.INVENTORY_GROUP_VARS).get("p"));
  }

  @Test
  void hostVarsFileBeatsInlineHostVars() {
    assertEquals("file", vars("h2").resolve().get("hv"));
    assertEquals(VarSource.INVENTORY_HOST_VARS_FILES, vars("h2").sourceOf("hv"));
  }

  @Test
  void magicVariablesDescribeTheHostAndTheInventory() {
    Map<String, Object> h1 = vars("h1").resolve();
    assertEquals("h1", h1.get("inventory_hostname"));
    assertEquals(List.of("child", "parent", "zeta"), h1.get("group_names"));
    @SuppressWarnings("unchecked")
    Map<String, List<String>> groups = (Map<String, List<String>>) h1.get("groups");
    assertEquals(List.of("h1", "h2", "h3", "h4"), groups.get("all"));
    assertEquals(List.of("h1", "h2"), groups.get("parent"));
    assertEquals(List.of(), groups.get("ungrouped"));
    assertEquals(VarSource.INVENTORY_HOST_VARS, vars("h1").sourceOf("groups"));
  }

  @Test
  void shortHostnameAndUngroupedGroupNames() {
    Inventory same = Fixtures.load("same/hosts.ini");
    Map<String, Object> bastion = same.host("bastion.example.com").orElseThrow().vars().resolve();
    assertEquals("bastion", bastion.get("inventory_hostname_short"));
    assertEquals(List.of("ungrouped"), bastion.get("group_names"));
    assertFalse(bastion.containsKey("env"));
  }
}
