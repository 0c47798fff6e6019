package io.pagetune.connection.ssh.session;

import io.pagetune.connection.ConnectionException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.transport.TransportException;

/**
 * Tells a broken or stalled connection from a command or file operation that merely failed: after
 * an error, or when a channel stops answering, one {@code keepalive@openssh.com} request must be
 * answered within a short wait. A host that does not answer is cut off (the client is closed, so
 * every later operation fails at once) and reported as lost: the host becomes UNREACHABLE instead
 * of a task FAILED with a raw I/O error.
 */
public final class ConnectionProbe {
  /**
   * How long the host may take to answer "are you there?": the one grace a wait on the host gets
   * past the task timeout (documented in the README).
   */
  public static final Duration DEFAULT_WAIT = Duration.ofSeconds(3);

  private final String host;
  private final SSHClient client;
  private final Duration wait;
  private volatile boolean gaveUp;

  public ConnectionProbe(String host, SSHClient client, Duration wait) {
    this.host = host;
    this.client = client;
    this.wait = wait;
  }

  /** How long the host may take to answer "are you there?" (the grace past a task timeout). */
  public Duration grace() {
    return wait;
  }

  /** Whether sshj or pagetune gave up waiting (sshj's message names only its own milliseconds). */
  static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.util.concurrent.TimeoutException
          || String.valueOf(t.getMessage()).startsWith("Timeout expired")) {
        return true;
      }
    }
    return false;
  }

  /** Whether this connection was given up as lost (its client may still be closing). */
  public boolean gaveUp() {
    return gaveUp;
  }

  /** Whether the server still answers. */
  boolean alive() {
    if (gaveUp || !client.isConnected() || !client.getTransport().isRunning()) {
      return false;
    }
    try {
      client
          .getConnection()
          .sendGlobalRequest("keepalive@openssh.com", true, new byte[0])
          .retrieve(wait.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TransportException e) {
      return false;
    } catch (net.schmizz.sshj.connection.ConnectionException e) {
      // a server that does not know the request answers REQUEST_FAILURE: that is an answer
      // (sshj words that error "Global request [...] failed"; a timeout or a dead transport
      // say something else)
      String m = String.valueOf(e.getMessage());
      return m.startsWith("Global request") && client.getTransport().isRunning();
    }
  }

  /**
   * Throws {@link ConnectionException} (closing the client) when the server no longer answers;
   * returns when it does, so the caller reports its own failure.
   */
  void requireAlive(String during, Throwable cause) {
    if (!alive()) {
      throw lost(during, cause);
    }
  }

  /**
   * After a request waited {@code waited} (the task timeout) in vain: throws when the host does not
   * answer within the grace either, naming the real figures; returns when it does.
   */
  void requireAlive(Duration waited, String during, Throwable cause) {
    requireAlive(waited, "task timeout", during, cause);
  }

  /**
   * As {@link #requireAlive(Duration, String, Throwable)} after a wait named {@code limit} (such as
   * "command timeout") in vain.
   */
  void requireAlive(Duration waited, String limit, String during, Throwable cause) {
    if (!alive()) {
      lost(during, cause);
      throw new ConnectionException(
          host
              + ": connection dropped: no answer from "
              + host
              + " within "
              + waited.plus(wait).toSeconds()
              + " s ("
              + limit
              + " "
              + waited.toSeconds()
              + " s + "
              + wait.toSeconds()
              + " s grace) "
              + during
              + "; connection closed",
          cause);
    }
  }

  /**
   * Closes the client and returns the one-line report of the lost connection; {@code during} reads
   * like "while running 'uptime'" or "during put /etc/motd".
   */
  ConnectionException lost(String during, Throwable cause) {
    boolean stalled = !gaveUp && client.isConnected() && client.getTransport().isRunning();
    gaveUp = true;
    // closing may wait on a transport that no longer moves: do it in the background
    Thread closer = new Thread(() -> closeQuietly(client), "pagetune-ssh-close");
    closer.setDaemon(true);
    closer.start();
    String why =
        stalled
            ? "the host stopped answering for " + wait.toSeconds() + " s; connection closed"
            : cause == null || cause.getMessage() == null
                ? "connection closed"
                : oneLine(cause.getMessage());
    return new ConnectionException(
        host + ": connection dropped " + during + " (" + why + ")", cause);
  }

  /** Closes a client, whatever state its connection is in. */
  public static void closeQuietly(SSHClient client) {
    try {
      client.close();
    } catch (java.io.IOException | RuntimeException ignored) {
      // closing a half-open client can fail; nothing is left to release
    }
  }

  /**
   * A cause's message on one line, without the Java class names sshj chains into it, and sshj's
   * "Timeout expired: 30000 MILLISECONDS" said as the wait it was.
   */
  public static String oneLine(String s) {
    String line =
        s.replaceAll("\\s*\\R\\s*", " ")
            .replaceAll("\\b(?:[a-z_$][a-z0-9_$]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error): ", "")
            .strip();
    return SSHJ_TIMEOUT
        .matcher(line)
        .replaceAll(m -> "no answer within " + seconds(Long.parseLong(m.group(1))) + " s");
  }

  private static final java.util.regex.Pattern SSHJ_TIMEOUT =
      java.util.regex.Pattern.compile("Timeout expired: (\\d{1,18}) MILLISECONDS");

  /** Milliseconds as seconds, with a decimal only when they are not whole. */
  private static String seconds(long ms) {
    return ms % 1000 == 0 ? Long.toString(ms / 1000) : Double.toString(ms / 1000.0);
  }
}
