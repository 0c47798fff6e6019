package io.pagetune.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * The console output Ansible users know: PLAY / TASK headers, one line per host result, diffs, and
 * the PLAY RECAP. Colour only when asked (a TTY and no NO_COLOR).
 */
public final class ConsoleReporter implements RunListener {
  private static final int WIDTH = 80;
  private static final String RESET = "\u001b[0m";
  private static final String GREEN = "\u001b[0;32m";
  private static final String YELLOW = "\u001b[0;33m";
  private static final String RED = "\u001b[0;31m";
  private static final String CYAN = "\u001b[0;36m";
  private static final String MAGENTA = "\u001b[0;35m";

  private final PrintStream out;
  private final boolean color;
  private final boolean showDiffs;
  private final java.util.List<String> warnings = new java.util.ArrayList<>();
  private String currentHeader;
  // tasks with check_mode: false that changed a host although the run is a check
  private final java.util.concurrent.atomic.AtomicInteger realChangesInCheck =
      new java.util.concurrent.atomic.AtomicInteger();
  private String pendingHeader;
  private boolean headerPrinted;

  public ConsoleReporter(PrintStream out, boolean color, boolean showDiffs) {
    this.out = out;
    this.color = color;
    this.showDiffs = showDiffs;
  }

  @Override
  public void playStarted(String play, List<String> hosts) {
    out.println();
    out.println(banner("PLAY [" + play + "]"));
    currentHeader = null;
  }

  @Override
  public void taskStarted(String task, String location, boolean handler) {
    pendingHeader = (handler ? "RUNNING HANDLER [" : "TASK [") + task + "]";
    headerPrinted = false;
  }

  /**
   * Prints the task's banner once per task started: two tasks of one name in a row (two unnamed
   * {@code lineinfile} tasks, a task file included twice) each get their own, as ansible-playbook
   * prints them.
   */
  private void header(String header) {
    if (!header.equals(currentHeader) || !headerPrinted) {
      out.println();
      out.println(banner(header));
      currentHeader = header;
      headerPrinted = true;
    }
  }

  @Override
  public void hostResult(TaskOutcome o) {
    if (!o.checkMode() && o.status() == Status.CHANGED && (o.loop() || o.item() == null)) {
      realChangesInCheck.incrementAndGet();
    }
    if (o.loop() && o.status() != Status.FAILED && o.status() != Status.UNREACHABLE) {
      return; // the items were printed one by one
    }
    header(
        pendingHeader != null && pendingHeader.endsWith("[" + o.task() + "]")
            ? pendingHeader
            : (o.handler() ? "RUNNING HANDLER [" : "TASK [") + o.task() + "]");
    String item = o.item() == null ? "" : " => (item=" + o.item() + ")";
    String line;
    String colour;
    switch (o.status()) {
      case OK -> {
        // an include_tasks' own result reads as ansible-playbook prints it, one line per host
        line =
            o.result().get("include") instanceof String file
                ? "included: " + file + " for " + o.host() + item
                : "ok: [" + o.host() + "]" + item + message(o);
        colour = o.result().containsKey("include") ? CYAN : GREEN;
      }
      case CHANGED -> {
        line = "changed: [" + o.host() + "]" + item + message(o);
        colour = YELLOW;
      }
      case SKIPPED -> {
        line = "skipping: [" + o.host() + "]" + item + message(o);
        colour = CYAN;
      }
      case UNREACHABLE -> {
        line = "fatal: [" + o.host() + "]: UNREACHABLE! => " + o.message();
        colour = RED;
        if (o.ignored()) {
          line += "\n...ignoring";
        }
      }
      default -> {
        line = "fatal: [" + o.host() + "]" + item + ": FAILED! => " + o.message();
        colour = RED;
        if (o.ignored()) {
          line += "\n...ignoring";
        }
      }
    }
    if (showDiffs) {
      for (String diff : o.diffs()) {
        printDiff(diff);
      }
    }
    println(colour, line);
    for (String restart : o.restarts()) {
      println(MAGENTA, (o.checkMode() ? "  would restart: " : "  pending restart: ") + restart);
    }
  }

  private static String message(TaskOutcome o) {
    if (o.status() == Status.OK && VerboseResult.wanted(o.result())) {
      return " => " + VerboseResult.render(o.result());
    }
    if (o.message() == null || o.message().isBlank()) {
      return "";
    }
    if (o.status() == Status.OK || o.status() == Status.CHANGED || o.status() == Status.SKIPPED) {
      // ok/changed/skipped show a message only when the module returned one (debug, assert)
      return o.result().containsKey("msg") ? " => " + o.message() : "";
    }
    return " => " + o.message();
  }

  private void printDiff(String diff) {
    for (String l : diff.split("\n", -1)) {
      if (l.isEmpty()) {
        continue;
      }
      if (l.startsWith("+") && !l.startsWith("+++")) {
        println(GREEN, l);
      } else if (l.startsWith("-") && !l.startsWith("---")) {
        println(RED, l);
      } else if (l.startsWith("@@")) {
        println(CYAN, l);
      } else {
        out.println(l);
      }
    }
  }

  @Override
  public void warning(String message) {
    warnings.add(message);
    println(MAGENTA, "[WARNING]: " + message);
  }

  @Override
  public void runFinished(RunSummary summary, int exitCode) {
    out.println();
    out.println(banner("PLAY RECAP"));
    int nameWidth = 26;
    for (String h : summary.hosts().keySet()) {
      nameWidth = Math.max(nameWidth, h.length() + 1);
    }
    for (Map.Entry<String, HostCounts> e : summary.hosts().entrySet()) {
      HostCounts c = e.getValue();
      String colour =
          c.failed() > 0 || c.unreachable() > 0 ? RED : c.changed() > 0 ? YELLOW : GREEN;
      print(colour, pad(e.getKey(), nameWidth));
      StringBuilder sb = new StringBuilder(": ");
      sb.append(field("ok", c.ok())).append(field("changed", c.changed()));
      sb.append(field("unreachable", c.unreachable())).append(field("failed", c.failed()));
      sb.append(field("skipped", c.skipped())).append(field("rescued", c.rescued()));
      sb.append("ignored=").append(c.ignored());
      out.print(sb);
      if (c.pending() > 0) {
        out.print("    ");
        print(MAGENTA, "pending_restarts=" + c.pending());
      }
      out.println();
    }
    for (String w : warnings) {
      println(MAGENTA, "[WARNING]: " + w);
    }
    out.println();
    if (summary.checkMode() && realChangesInCheck.get() > 0) {
      out.println(
          "Check mode, but "
              + realChangesInCheck.get()
              + " task result(s) with check_mode: false changed hosts; 'changed' counts them and"
              + " what would change. Run "
              + summary.runId()
              + " (pagetune history "
              + summary.runId()
              + ")");
    } else if (summary.checkMode()) {
      out.println("Check mode: nothing was changed; 'changed' counts what would change.");
    } else {
      out.println(
          "Run "
              + summary.runId()
              + " (pagetune history; pagetune rollback "
              + summary.runId()
              + ")");
    }
    out.println();
    out.flush();
  }

  /** "ok=1 ": the value left-aligned in four columns, as ansible-playbook prints it. */
  private static String field(String name, int value) {
    return name + "=" + pad(String.valueOf(value), 4) + " ";
  }

  private static String pad(String s, int width) {
    StringBuilder sb = new StringBuilder(s);
    while (sb.length() < width) {
      sb.append(' ');
    }
    return sb.toString();
  }

  private static String banner(String title) {
    StringBuilder sb = new StringBuilder(title).append(' ');
    while (sb.length() < WIDTH) {
      sb.append('*');
    }
    return sb.toString();
  }

  private void println(String colour, String text) {
    print(colour, text);
    out.println();
  }

  /**
   * The text in a colour: the colour codes are pagetune's own and pass as they are, the text is
   * escaped like everything else printed (it may come from a host).
   */
  private void print(String colour, String text) {
    if (color) {
      TerminalStream.control(out, colour);
      out.print(text);
      TerminalStream.control(out, RESET);
    } else {
      out.print(text);
    }
  }
}
