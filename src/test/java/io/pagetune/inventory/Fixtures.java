package io.pagetune.inventory;

import java.nio.file.Path;

/** Loads inventories from src/test/resources/inventory with messages relative to that folder. */
final class Fixtures {
  static final Path DIR = Path.of("src", "test", "resources", "inventory");

  private Fixtures() {}

  static Inventory load(String relative) {
    return new InventoryLoader(DIR).load(DIR.resolve(relative));
  }

  static Path path(String relative) {
    return DIR.resolve(relative);
  }
}
