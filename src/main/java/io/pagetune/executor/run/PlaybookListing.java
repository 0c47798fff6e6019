package io.pagetune.executor.run;

import io.pagetune.executor.RunOptions;
import io.pagetune.executor.play.TagFilter;
import io.pagetune.inventory.Host;
import io.pagetune.inventory.Inventory;
import io.pagetune.inventory.Limit;
import io.pagetune.playbook.Block;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code --list-hosts}, {@code --list-tasks} and {@code --list-tags} print, in
 * ansible-playbook's layout: per play its hosts (after {@code --limit}), the tasks {@code
 * --tags}/{@code --skip-tags} would run, or the tags its tasks carry. No host is contacted.
 */
public final class PlaybookListing {
  private final Playbook playbook;
  private final Inventory inventory;
  private final RunOptions options;

  public PlaybookListing(Playbook playbook, Inventory inventory, RunOptions options) {
    this.playbook = playbook;
    this.inventory = inventory;
    this.options = options;
  }

  /** Prints the sections asked for, play by play. */
  public void print(PrintStream out, boolean hosts, boolean tasks, boolean tags) {
    Set<String> limited = null;
    if (options.limit() != null) {
      limited = new LinkedHashSet<>();
      for (Host h : Limit.select(inventory, options.limit())) {
        limited.add(h.name());
      }
    }
    out.println();
    out.println("playbook: " + playbook.file());
    int number = 0;
    for (Play play : playbook.plays()) {
      number++;
      out.println();
      out.println(
          "  play #"
              + number
              + " ("
              + play.hosts()
              + "): "
              + play.displayName()
              + "\tTAGS: "
              + bracketed(play.keywords().tags()));
      if (hosts) {
        List<String> names = new ArrayList<>();
        for (Host h : inventory.select(play.hosts(), play.hostsLocation())) {
          if (limited == null || limited.contains(h.name())) {
            names.add(h.name());
          }
        }
        out.println("    pattern: ['" + play.hosts() + "']");
        out.println("    hosts (" + names.size() + "):");
        names.forEach(n -> out.println("      " + n));
      }
      List<Task> selected = selectedTasks(play);
      if (tasks) {
        out.println("    tasks:");
        for (Task t : selected) {
          out.println("      " + t.displayName() + "\tTAGS: " + bracketed(t.keywords().tags()));
        }
      }
      if (tags) {
        Set<String> all = new TreeSet<>();
        selected.forEach(t -> all.addAll(t.keywords().tags()));
        out.println("      TASK TAGS: " + bracketed(List.copyOf(all)));
      }
    }
  }

  /** The play's tasks in run order (pre_tasks, tasks, post_tasks) that the tag filter keeps. */
  List<Task> selectedTasks(Play play) {
    List<Task> out = new ArrayList<>();
    for (List<TaskNode> section : List.of(play.preTasks(), play.tasks(), play.postTasks())) {
      flatten(section, out);
    }
    out.removeIf(t -> !TagFilter.selects(t.keywords().tags(), options.tags(), options.skipTags()));
    return out;
  }

  private static void flatten(List<TaskNode> nodes, List<Task> out) {
    for (TaskNode node : nodes) {
      if (node instanceof Task t) {
        out.add(t);
      } else if (node instanceof Block b) {
        flatten(b.block(), out);
        flatten(b.rescue(), out);
        flatten(b.always(), out);
      }
    }
  }

  private static String bracketed(List<String> items) {
    return "[" + String.join(", ", items) + "]";
  }
}
