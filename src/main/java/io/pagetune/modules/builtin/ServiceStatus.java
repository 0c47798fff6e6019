package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.Map;

/**
 * How a service stands on the host, asked in one round trip: through systemd ({@code systemctl
 * is-active}, {@code is-enabled}, {@code show -p LoadState}) when systemd runs the host, else
 * through the {@code service} command's {@code status}. A host that has {@code systemctl} but was
 * not booted with systemd (a container) answers {@code offline} to {@code is-system-running}, and
 * gets the {@code service} fallback.
 */
final class ServiceStatus implements Fact<ServiceStatus.Reading> {
  private final String name;
  private final Map<String, String> environment;

  /** Which tool manages services on the host. */
  enum Manager {
    SYSTEMD,
    SERVICE,
    NONE,
    /** The question itself failed; {@code active} then holds why. */
    UNREADABLE
  }

  /**
   * @param active systemd's ActiveState word (active, inactive, failed, activating, …); for the
   *     service fallback "active" or "inactive" from the status exit code
   * @param enabled systemd's is-enabled word (enabled, disabled, static, masked, …), or "" when
   *     unknown
   * @param enabledOk whether is-enabled exited 0 (systemd counts static, indirect, … as enabled)
   * @param found false when systemd does not know the unit
   */
  record Reading(Manager manager, String active, String enabled, boolean enabledOk, boolean found) {
    boolean running() {
      return active.equals("active") || active.equals("activating") || active.equals("reloading");
    }

    boolean masked() {
      return enabled.startsWith("masked");
    }
  }

  ServiceStatus(String name, Map<String, String> environment) {
    this.name = name;
    this.environment = Map.copyOf(environment);
  }

  /** The unit this fact asks about. */
  String unit() {
    return name;
  }

  @Override
  public String name() {
    return "service_status:" + name + (environment.isEmpty() ? "" : "@" + environment.hashCode());
  }

  @Override
  public String script() {
    String body =
        "name="
            + ShellQuote.quote(name)
            + "\n"
            + "manager=none\n"
            + "if command -v systemctl >/dev/null 2>&1; then\n"
            + "  s=$(systemctl is-system-running 2>/dev/null)\n"
            + "  case $s in ''|offline) ;; *) manager=systemd ;; esac\n"
            + "fi\n"
            + "if [ $manager = none ] && command -v service >/dev/null 2>&1; then"
            + " manager=service; fi\n"
            + "echo \"manager=$manager\"\n"
            + "case $manager in\n"
            + "systemd)\n"
            + "  echo \"active=$(systemctl is-active \"$name\" 2>/dev/null)\"\n"
            + "  e=$(systemctl is-enabled \"$name\" 2>/dev/null)\n"
            + "  echo \"enabled_rc=$?\"\n"
            + "  echo \"enabled=$e\"\n"
            + "  systemctl show -p LoadState \"$name\" 2>/dev/null\n"
            + "  ;;\n"
            + "service)\n"
            + "  service \"$name\" status >/dev/null 2>&1\n"
            + "  echo \"status_rc=$?\"\n"
            + "  ;;\n"
            + "esac\n";
    return ShellQuote.render(RemoteCommand.script(body).withEnv(environment));
  }

  @Override
  public Reading parse(CommandResult result) {
    Map<String, String> kv = KeyValueLines.parse(result.stdout());
    if (!kv.containsKey("manager")) {
      // the snippet did not run (e.g. become failed): say why instead of guessing a manager
      String why = result.stderr().isBlank() ? "exit code " + result.exitCode() : result.stderr();
      return new Reading(Manager.UNREADABLE, why.strip(), "", false, false);
    }
    String manager = kv.get("manager");
    if (manager.equals("systemd")) {
      String active = kv.getOrDefault("active", "");
      boolean found = !kv.getOrDefault("LoadState", "").equals("not-found");
      return new Reading(
          Manager.SYSTEMD,
          active.isEmpty() ? "unknown" : active,
          kv.getOrDefault("enabled", ""),
          "0".equals(kv.get("enabled_rc")),
          found);
    }
    if (manager.equals("service")) {
      boolean up = "0".equals(kv.get("status_rc"));
      return new Reading(Manager.SERVICE, up ? "active" : "inactive", "", false, true);
    }
    return new Reading(Manager.NONE, "unknown", "", false, false);
  }
}
