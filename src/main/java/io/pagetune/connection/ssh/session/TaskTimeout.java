package io.pagetune.connection.ssh.session;

import java.time.Duration;
import net.schmizz.sshj.SSHClient;

/**
 * The timeout of the task now using a host; until a task (or fact gathering) sets one, sshj's own
 * default of 30 s. It bounds every wait on the host that is not a command with a timeout of its
 * own: file operations, the sudo question, channels opening.
 */
public final class TaskTimeout {
  static final Duration DEFAULT = Duration.ofSeconds(30);

  private final SSHClient client;
  private final Duration grace;
  private volatile Duration current;

  /** {@code grace}: how long the host may take to answer "are you there?" after a wait. */
  public TaskTimeout(SSHClient client, Duration grace) {
    this.client = client;
    this.grace = grace;
    use(DEFAULT);
  }

  /** Sets the task timeout, and sshj's own waits past it. */
  public void use(Duration timeout) {
    current = timeout;
    // sshj's own waits (a channel to open, a request or close to be confirmed, window space, a key
    // re-exchange) default to 30 s: past the task timeout and the grace, as a backstop only, so
    // that pagetune's own bound (the task timeout, then the probe) comes first and names them
    int backstop = millis(timeout.plus(grace));
    client.getConnection().setTimeoutMs(backstop);
    client.getTransport().setTimeoutMs(backstop);
  }

  /** The timeout of the task now using this host. */
  public Duration get() {
    return current;
  }

  /** What sshj now waits at most for a channel, a request's reply or a close. */
  public int sshjTimeoutMs() {
    return client.getConnection().getTimeoutMs();
  }

  /** A wait as sshj's int milliseconds, at least 1. */
  static int millis(Duration d) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toMillis()));
  }
}
