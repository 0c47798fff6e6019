package io.pagetune.connection;

import java.util.Map;

/**
 * How to reach one host, taken from its resolved variables ({@code ansible_connection}, {@code
 * ansible_host}, {@code ansible_port}, {@code ansible_user}, a play's {@code remote_user}, {@code
 * ansible_ssh_private_key_file}). Secrets (password) are held separately and never printed.
 */
public record ConnectionSpec(
    String inventoryName,
    String type,
    String address,
    Integer port,
    String user,
    String privateKeyFile,
    Map<String, Object> vars) {

  /**
   * Where a play's {@code remote_user} is kept among its variables: apart from {@code
   * ansible_user}, which play variables would otherwise override the inventory's with.
   */
  public static final String PLAY_REMOTE_USER = "pagetune_play_remote_user";

  public ConnectionSpec {
    vars = vars == null ? Map.of() : Map.copyOf(vars);
  }

  public static ConnectionSpec fromVars(String inventoryName, Map<String, Object> vars) {
    Object conn = vars.get("ansible_connection");
    String type = conn == null ? (isLocalName(inventoryName) ? "local" : "ssh") : conn.toString();
    Object address = vars.getOrDefault("ansible_host", inventoryName);
    Object port = vars.get("ansible_port");
    // as in Ansible, the host's ansible_user (or ansible_ssh_user) beats the play's remote_user
    Object user = vars.get("ansible_user");
    if (user == null) {
      user = vars.get("ansible_ssh_user");
    }
    if (user == null) {
      user = vars.get(PLAY_REMOTE_USER);
    }
    Object key = vars.get("ansible_ssh_private_key_file");
    Map<String, Object> safe = new java.util.HashMap<>();
    vars.forEach(
        (k, v) -> {
          if (v != null) {
            safe.put(k, v);
          }
        });
    return new ConnectionSpec(
        inventoryName,
        type,
        String.valueOf(address),
        port == null ? null : Integer.valueOf(port.toString()),
        user == null ? null : user.toString(),
        key == null ? null : key.toString(),
        safe);
  }

  private static boolean isLocalName(String name) {
    return name.equals("localhost") || name.equals("127.0.0.1");
  }

  @Override
  public String toString() {
    // never print vars: they may hold ansible_password or become passwords
    return "ConnectionSpec[" + inventoryName + " via " + type + " " + address + "]";
  }
}
