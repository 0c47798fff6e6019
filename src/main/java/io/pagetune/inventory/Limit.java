package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.List;

/**
 * {@code --limit PATTERN}: the hosts it selects, where selecting none is invalid input. As in
 * ansible-playbook ("Specified inventory, host pattern and/or --limit leaves us with no hosts to
 * target"), a typo in a cron job's limit must not run nothing and report success.
 */
public final class Limit {
  public static final SourceLocation WHERE = SourceLocation.of("--limit");

  private Limit() {}

  /** Every host when {@code pattern} is null, else the hosts it matches (at least one). */
  public static List<Host> select(Inventory inventory, String pattern) {
    if (pattern == null) {
      return inventory.hosts();
    }
    List<Host> hosts = inventory.select(pattern, WHERE);
    if (hosts.isEmpty()) {
      throw new InputException(
          WHERE, "'" + pattern + "' matches no host of the inventory; nothing to do");
    }
    return hosts;
  }
}
