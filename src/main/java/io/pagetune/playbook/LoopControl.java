package io.pagetune.playbook;

import java.time.Duration;

/**
 * The {@code loop_control} keys besides {@code loop_var} (kept on {@link Task} itself).
 *
 * @param label what the console shows for each item instead of the whole item (may hold {@code
 *     ${…}}), or null
 * @param indexVar the variable holding the item's 0-based index, or null
 * @param pause the wait between two items (not after the last)
 */
public record LoopControl(String label, String indexVar, Duration pause) {
  public static final LoopControl NONE = new LoopControl(null, null, Duration.ZERO);

  public LoopControl {
    pause = pause == null ? Duration.ZERO : pause;
    if (pause.isNegative()) {
      throw new IllegalArgumentException("pause must not be negative");
    }
  }
}
