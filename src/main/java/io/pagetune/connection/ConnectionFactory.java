package io.pagetune.connection;

/** Opens the connection of one type ({@code local}, {@code ssh}). */
public interface ConnectionFactory {
  String type();

  /** Opens and authenticates; raises {@link ConnectionException} when the host is unreachable. */
  Connection open(ConnectionSpec spec);
}
