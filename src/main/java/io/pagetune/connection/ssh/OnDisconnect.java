package io.pagetune.connection.ssh;

import net.schmizz.sshj.SSHClient;
import net.schmizz.sshj.transport.DisconnectListener;
import net.schmizz.sshj.transport.Transport;

/**
 * Work to do when a client's transport disconnects. sshj keeps one disconnect listener per
 * transport, so each action is chained after the listener already set (sshj's own, the jump hosts'
 * closing, the keepalive's cancelling), never in its place.
 */
final class OnDisconnect {
  private OnDisconnect() {}

  /** Runs {@code action} after whatever {@code client}'s transport already did on disconnect. */
  static void also(SSHClient client, Runnable action) {
    Transport transport = client.getTransport();
    DisconnectListener before = transport.getDisconnectListener();
    transport.setDisconnectListener(
        (reason, message) -> {
          if (before != null) {
            before.notifyDisconnect(reason, message);
          }
          action.run();
        });
  }
}
