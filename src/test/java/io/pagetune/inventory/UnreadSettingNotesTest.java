package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.vars.EngineVariables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnreadSettingNotesTest {
  @TempDir Path dir;

  private Inventory load(String yaml) throws Exception {
    Path inv = dir.resolve("hosts.yml");
    Files.writeString(inv, yaml);
    return new InventoryLoader(dir).load(inv);
  }

  @Test
  void everySettingCarriesThePrefixAndSaysWhatItIs() {
    for (Map.Entry<String, String> e : EngineVariables.ALL.entrySet()) {
      assertTrue(e.getKey().startsWith("pagetune_"), e.getKey());
      assertTrue(!e.getValue().isBlank(), e.getKey());
    }
    assertTrue(EngineVariables.ALL.keySet().containsAll(EngineVariables.RENAMED));
    assertEquals("change_window", EngineVariables.oldName(EngineVariables.CHANGE_WINDOW));
  }

  @Test
  void oneLinePerOldNameSetWithoutItsPrefixedName() throws Exception {
    Inventory inv =
        load(
            "all:\n  vars:\n    change_window: sun-0200\n  hosts:\n    web1:\n    web2:\n"
                + "    web3:\n    web4:\n    db1:\n      restart_commands: {x: y}\n"
                + "      pagetune_restart_commands: {web_server: z}\n"
                + "      sap_control: mine\n");
    assertEquals(
        List.of(
            "inventory variable change_window (hosts web1, web2, web3 and 2 more) is not a"
                + " pagetune setting: pagetune's own settings carry the pagetune_ prefix, so"
                + " pagetune leaves it to the inventory and reads pagetune_change_window",
            "inventory variable sap_control (host db1) is not a pagetune setting: pagetune's own"
                + " settings carry the pagetune_ prefix, so pagetune leaves it to the inventory"
                + " and reads pagetune_sap_control"),
        UnreadSettingNotes.of(inv.hosts()));
  }

  @Test
  void nothingToSayForAnInventoryWithoutOldNames() throws Exception {
    Inventory inv = load("all:\n  hosts:\n    web1:\n      pagetune_change_window: w\n");
    assertEquals(List.of(), UnreadSettingNotes.of(inv.hosts()));
  }
}
