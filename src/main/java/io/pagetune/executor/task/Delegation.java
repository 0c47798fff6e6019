package io.pagetune.executor.task;

import io.pagetune.connection.Connection;
import io.pagetune.executor.host.HostRun;
import io.pagetune.facts.FactCache;
import io.pagetune.modules.HostPrediction;
import io.pagetune.playbook.Task;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code delegate_to: localhost}: the task runs on the control node over the local connection, with
 * the variables of the host it is for. Its writes are journaled under {@code localhost}, where they
 * land, so a rollback or a reconcile never looks for them on the host.
 */
final class Delegation {
  static final String LOCALHOST = "localhost";

  /** The host's connection settings, which must not reach the local connection. */
  private static final Set<String> HOST_CONNECTION_VARS =
      Set.of(
          "ansible_connection",
          "ansible_host",
          "ansible_port",
          "ansible_user",
          "ansible_ssh_user",
          "ansible_password",
          "ansible_ssh_pass",
          "ansible_ssh_private_key_file",
          "ansible_ssh_common_args",
          "ansible_ssh_extra_args");

  private Delegation() {}

  /** The name the task's writes and host-side state are kept under. */
  static String target(HostRun host, Task task) {
    return task.hosts().delegated() ? LOCALHOST : host.name();
  }

  static Connection connection(HostRun host, Task task, Map<String, Object> vars) {
    if (!task.hosts().delegated()) {
      return host.connection(vars);
    }
    Map<String, Object> local = new LinkedHashMap<>(vars);
    local.keySet().removeAll(HOST_CONNECTION_VARS);
    local.remove(io.pagetune.connection.ConnectionSpec.PLAY_REMOTE_USER);
    local.put("ansible_connection", "local");
    return host.localConnection(local);
  }

  /** Check mode's view of the files the task plans against: the control node's when delegated. */
  static HostPrediction prediction(HostRun host, Task task) {
    return task.hosts().delegated() ? host.localPrediction() : host.prediction();
  }

  static FactCache facts(HostRun host, Task task) {
    return task.hosts().delegated() ? host.localFactCache() : host.factCache();
  }
}
