package io.pagetune.connection.ssh;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with TCP_NODELAY: SSH sends many small request/reply packets (SFTP writes, channel
 * opens) that Nagle's algorithm would hold back for a delayed ACK.
 */
final class NoDelaySocketFactory extends SocketFactory {
  static final NoDelaySocketFactory INSTANCE = new NoDelaySocketFactory();

  private NoDelaySocketFactory() {}

  private static Socket configure(Socket s) throws IOException {
    s.setTcpNoDelay(true);
    return s;
  }

  @Override
  public Socket createSocket() throws IOException {
    return configure(new Socket());
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    Socket s = createSocket();
    s.connect(new InetSocketAddress(host, port));
    return s;
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort)
      throws IOException {
    Socket s = createSocket();
    s.bind(new InetSocketAddress(localHost, localPort));
    s.connect(new InetSocketAddress(host, port));
    return s;
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    Socket s = createSocket();
    s.connect(new InetSocketAddress(host, port));
    return s;
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    Socket s = createSocket();
    s.bind(new InetSocketAddress(localAddress, localPort));
    s.connect(new InetSocketAddress(address, port));
    return s;
  }
}
