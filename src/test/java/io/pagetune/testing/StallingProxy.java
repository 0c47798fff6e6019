package io.pagetune.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of a server on loopback that can freeze: after {@link #freeze()} it stops
 * relaying in both directions but keeps every socket open, as a network path that silently drops
 * packets does. Nothing is reset, so only timeouts can notice.
 */
public final class StallingProxy implements AutoCloseable {
  private final ServerSocket listener;
  private final int targetPort;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private volatile boolean frozen;

  public StallingProxy(int targetPort) {
    this.targetPort = targetPort;
    try {
      listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor = new Thread(this::accept, "stalling-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public int port() {
    return listener.getLocalPort();
  }

  /** From now on nothing is relayed in either direction. */
  public void freeze() {
    frozen = true;
  }

  private void accept() {
    while (!listener.isClosed()) {
      try {
        Socket client = listener.accept();
        Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
        sockets.add(client);
        sockets.add(server);
        relay(client, server);
        relay(server, client);
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void relay(Socket from, Socket to) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[16384];
              try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buf)) > 0) {
                  while (frozen) {
                    Thread.sleep(50); // hold the bytes: the peer never sees them
                  }
                  out.write(buf, 0, n);
                  out.flush();
                }
              } catch (IOException e) {
                // a side closed
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "stalling-proxy-relay");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() {
    frozen = false;
    try {
      listener.close();
    } catch (IOException ignored) {
      // already closed
    }
    for (Socket s : sockets) {
      try {
        s.close();
      } catch (IOException ignored) {
        // already closed
      }
    }
  }
}
