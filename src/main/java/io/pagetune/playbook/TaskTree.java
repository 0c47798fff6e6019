package io.pagetune.playbook;

import java.util.ArrayList;
import java.util.List;

/** Every task of a tree of task nodes, depth first: blocks with their rescue and always. */
public final class TaskTree {
  private TaskTree() {}

  /** The tasks below {@code nodes}, role includes' tasks included but not their gates. */
  public static List<Task> tasks(List<? extends TaskNode> nodes) {
    List<Task> out = new ArrayList<>();
    collect(nodes, out, false);
    return out;
  }

  /**
   * As {@link #tasks}, with each role include's gate (its {@code when}, vars and name) before its
   * tasks: for questions about all text a play evaluates.
   */
  public static List<Task> tasksAndGates(List<? extends TaskNode> nodes) {
    List<Task> out = new ArrayList<>();
    collect(nodes, out, true);
    return out;
  }

  /** The {@code meta:} tasks below {@code nodes}, in blocks and includes too, depth first. */
  public static List<MetaTask> metaTasks(List<? extends TaskNode> nodes) {
    List<MetaTask> out = new ArrayList<>();
    collectMeta(nodes, out);
    return out;
  }

  private static void collectMeta(List<? extends TaskNode> nodes, List<MetaTask> out) {
    for (TaskNode n : nodes) {
      if (n instanceof MetaTask m) {
        out.add(m);
      } else if (n instanceof Block b) {
        collectMeta(b.block(), out);
        collectMeta(b.rescue(), out);
        collectMeta(b.always(), out);
      } else if (n instanceof DynamicInclude r) {
        collectMeta(r.allTasks(), out);
      }
    }
  }

  private static void collect(List<? extends TaskNode> nodes, List<Task> out, boolean gates) {
    for (TaskNode n : nodes) {
      if (n instanceof Task t) {
        out.add(t);
      } else if (n instanceof Block b) {
        collect(b.block(), out, gates);
        collect(b.rescue(), out, gates);
        collect(b.always(), out, gates);
      } else if (n instanceof DynamicInclude r) {
        if (gates) {
          out.add(r.gate());
        }
        collect(r.allTasks(), out, gates);
      } else if (n instanceof MetaTask m && gates) {
        out.add(m.task()); // its conditions are text of the play
      }
    }
  }
}
