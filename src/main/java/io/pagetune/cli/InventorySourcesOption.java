package io.pagetune.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code -i INVENTORY}, repeatable, of the commands that run a playbook: files, directories or host
 * lists. {@code apply} words it its own way under {@code pagetune.apply.inventories} in {@code
 * OptionTexts.properties}.
 */
public final class InventorySourcesOption {
  @Option(
      names = {"-i", "--inventory"},
      paramLabel = "INVENTORY",
      descriptionKey = "inventories",
      description =
          "Inventory file or directory (YAML or INI, with group_vars/ and host_vars/), an"
              + " executable inventory script, a plugin file (plugin: servicenow_cmdb), or a host"
              + " list with a comma ('web1,web2,'); repeatable. Default: ansible.cfg's inventory.")
  List<String> sources = new ArrayList<>();
}
