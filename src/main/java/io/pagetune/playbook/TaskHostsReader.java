package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlValue;
import java.util.Set;

/** Reads {@code run_once} and {@code delegate_to}. */
final class TaskHostsReader {
  /** The names pagetune delegates to: the control node itself. */
  static final Set<String> LOCAL_NAMES = Set.of("localhost", "127.0.0.1", "::1");

  private TaskHostsReader() {}

  static TaskHosts read(YamlValue.Mapping m) {
    boolean runOnce = m.has("run_once") && YamlFields.bool(m.get("run_once"), "run_once");
    String delegateTo = null;
    if (m.has("delegate_to")) {
      YamlValue v = m.get("delegate_to");
      delegateTo = YamlFields.string(v, "delegate_to");
      if (delegateTo == null || !LOCAL_NAMES.contains(delegateTo.strip())) {
        // Ansible would run the task on that other host: never silently on the wrong one
        throw new InputException(
            v.location(),
            "delegate_to: pagetune delegates to localhost only, not to '" + delegateTo + "'");
      }
      delegateTo = "localhost";
    }
    return runOnce || delegateTo != null ? new TaskHosts(runOnce, delegateTo) : TaskHosts.SELF;
  }
}
