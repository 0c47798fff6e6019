package io.pagetune.connection;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The connection types this run knows, by {@code ansible_connection} name. */
public final class Connections {
  private final Map<String, ConnectionFactory> factories = new LinkedHashMap<>();

  public Connections(List<ConnectionFactory> list) {
    for (ConnectionFactory f : list) {
      factories.put(f.type(), f);
    }
  }

  public Connection open(ConnectionSpec spec) {
    ConnectionFactory f = factories.get(spec.type());
    if (f == null) {
      throw new ConnectionException(
          "unsupported ansible_connection '"
              + spec.type()
              + "' (known: "
              + factories.keySet()
              + ")");
    }
    return f.open(spec);
  }

  public boolean supports(String type) {
    return factories.containsKey(type);
  }
}
