package io.pagetune.connection.ssh.session;

/**
 * The FIFO pairs of one session shell's relayed commands. Each relayed command writes into a pair
 * of its own, never reused: a background process of an earlier command may still hold its pair
 * open, and a FIFO opened again joins the pipe that process writes into. The pairs are made eight
 * at a time by one {@code mkfifo}, and a spent batch is removed by one {@code rm} when the next one
 * is made, so a command costs its two relays and no other process; whatever is left goes with the
 * session's directory. Not thread-safe: a session runs one command at a time, and passes from one
 * thread to the next under its pool's lock.
 */
final class SessionFifos {
  /** Pairs made by one {@code mkfifo}: most hosts' plays need one batch per session. */
  static final int BATCH = 8;

  private int relayed;

  /**
   * The shell text (after the previous command's relays are stopped) that points fd 4 and 5 at the
   * relays of the next command: a fresh pair, each copied to the channel by a {@code cat -u}.
   * Without {@code mkfifo} (the batch could not be made) the command writes to the channel
   * directly. Each relay {@code exec}s {@code cat} so that {@code $!} is the process holding the
   * FIFO (yash would otherwise run it as a child of the PID it reports).
   */
  String next() {
    int n = relayed++;
    StringBuilder text = new StringBuilder();
    if (n % BATCH == 0) {
      if (n > 0) {
        text.append("rm -f").append(names(n - BATCH, n)).append("; ");
      }
      text.append("if mkfifo")
          .append(names(n, n + BATCH))
          .append(" 2>/dev/null; then pt_f=1; else pt_f=; fi; ");
    }
    String out = fifo('o', n);
    String err = fifo('e', n);
    return text.append("case $pt_f in 1) exec cat -u <")
        .append(out)
        .append(" 2>/dev/null & pt_ro=$!; exec cat -u <")
        .append(err)
        .append(" >&3 2>/dev/null & pt_re=$!; exec 4>")
        .append(out)
        .append(" 5>")
        .append(err)
        .append(";; *) ")
        .append(direct())
        .append(";; esac")
        .toString();
  }

  /**
   * The shell text that points fd 4 and 5 at the channel itself: for pagetune's own scripts, which
   * leave no process behind that could write later, so the relays would only cost two processes.
   */
  static String direct() {
    return "exec 4>&1 5>&3";
  }

  private static String names(int from, int to) {
    StringBuilder s = new StringBuilder();
    for (int i = from; i < to; i++) {
      s.append(' ').append(fifo('o', i)).append(' ').append(fifo('e', i));
    }
    return s.toString();
  }

  private static String fifo(char stream, int n) {
    return "\"$pt_d/" + stream + n + "\"";
  }
}
