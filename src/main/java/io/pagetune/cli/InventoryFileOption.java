package io.pagetune.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code -i INVENTORY}, required: the one inventory file or directory a command reads (its own help
 * text under {@code pagetune.<command>.inventory} in {@code OptionTexts.properties}).
 */
public final class InventoryFileOption {
  @Option(
      names = {"-i", "--inventory"},
      required = true,
      paramLabel = "INVENTORY",
      descriptionKey = "inventory",
      description = "Inventory file or directory.")
  Path path;
}
