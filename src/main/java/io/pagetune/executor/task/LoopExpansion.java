package io.pagetune.executor.task;

import io.pagetune.error.InputException;
import io.pagetune.executor.RunContext;
import io.pagetune.playbook.LoopControl;
import io.pagetune.playbook.Task;
import io.pagetune.template.HostText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A task's {@code loop} rendered into items, each item's variables, and its label. */
public final class LoopExpansion {
  private final RunContext ctx;

  public LoopExpansion(RunContext ctx) {
    this.ctx = ctx;
  }

  /** The rendered loop; an input error unless it is a list. */
  public List<Object> items(Task task, Map<String, Object> vars) {
    Object v =
        ctx.templates()
            .interpolate(
                task.loop(), vars, task.location(), "task '" + task.displayName() + "' loop");
    if (v instanceof List<?> l) {
      return new ArrayList<>(l);
    }
    throw new InputException(
        task.location(),
        "task '"
            + task.displayName()
            + "': loop must evaluate to a list, got "
            + (v == null ? "nothing" : "'" + v + "'"));
  }

  /** The task's variables plus the loop variable (and {@code index_var}) for one item. */
  public static Map<String, Object> itemVars(
      Task task, Map<String, Object> vars, Object item, int index) {
    Map<String, Object> itemVars = new LinkedHashMap<>(vars);
    // loop items are rendered already (and may be host data): never rendered again
    itemVars.put(task.loopVar(), HostText.mark(item));
    LoopControl control = task.loopControl();
    if (control.indexVar() != null) {
      itemVars.put(control.indexVar(), (long) index);
    }
    return itemVars;
  }

  /** loop_control's label rendered for this item, else the item itself. */
  public String label(Task task, Object item, Map<String, Object> itemVars) {
    String label = task.loopControl().label();
    if (label == null) {
      return shortened(item);
    }
    return shortened(
        ctx.templates().interpolate(label, itemVars, task.location(), "loop_control label"));
  }

  private static String shortened(Object item) {
    String s = String.valueOf(item);
    return s.length() > 120 ? s.substring(0, 117) + "..." : s;
  }
}
