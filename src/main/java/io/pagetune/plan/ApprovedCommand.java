package io.pagetune.plan;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a plan keeps a command it approves: the text a person reviews (who runs it, where, with which
 * environment, then the quoted argv or the script; stdin by its hash only), or for a {@code no_log}
 * task only that text's SHA-256. An apply runs a command only if it renders the same.
 */
final class ApprovedCommand {
  private static final String HASH = "sha256:";

  private ApprovedCommand() {}

  /** What the plan keeps for {@code command}. */
  static String of(RemoteCommand command, boolean noLog) {
    String text = text(command);
    return noLog ? hidden(text) : text;
  }

  /** Whether {@code kept} (from the plan) approves {@code command}. */
  static boolean approves(String kept, RemoteCommand command) {
    String text = text(command);
    return kept.equals(text) || kept.equals(hidden(text));
  }

  /** A kept command is shown as it was approved, unless only its hash was kept. */
  static boolean shown(String kept) {
    return !kept.startsWith(HASH);
  }

  static String text(RemoteCommand c) {
    StringBuilder sb = new StringBuilder();
    if (c.become().enabled()) {
      sb.append("[as ").append(c.become().user()).append("] ");
    }
    if (c.chdir() != null) {
      sb.append("[in ").append(c.chdir()).append("] ");
    }
    // sorted: a task's environment comes as a map whose order may differ from run to run
    for (Map.Entry<String, String> e : new TreeMap<>(c.env()).entrySet()) {
      sb.append(e.getKey()).append('=').append(ShellQuote.quote(e.getValue())).append(' ');
    }
    sb.append(c.script() != null ? c.script() : ShellQuote.join(c.argv()));
    if (c.stdin() != null) {
      sb.append("\n[stdin sha256:")
          .append(Sha256.hex(c.stdin().getBytes(StandardCharsets.UTF_8)))
          .append(']');
    }
    return sb.toString();
  }

  private static String hidden(String text) {
    return HASH + Sha256.hex(text.getBytes(StandardCharsets.UTF_8));
  }
}
