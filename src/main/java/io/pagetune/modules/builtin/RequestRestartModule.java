package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.schedule.RestartTarget;
import java.util.List;
import java.util.Map;

/**
 * {@code request_restart}: asks for a restart as a restart intent instead of restarting inline. As
 * a handler it turns "notify: restart PRD" into a durable, window-aware restart. The kinds it
 * accepts are the ones the targets register ({@code sap_system}, {@code web_server}, …).
 */
public final class RequestRestartModule implements Module {
  private final RestartCatalog kinds;
  private final ArgSpec spec;

  /**
   * @param kinds the restart kinds the command knows, named and scoped as their targets declare
   */
  public RequestRestartModule(RestartCatalog kinds) {
    this.kinds = kinds;
    this.spec =
        ArgSpec.of(
                Arg.required("kind", ArgType.STRING)
                    .choices(kinds.names().toArray(String[]::new))
                    .describe("The kind of restart (a target's or a host-wide one)."),
                Arg.optional("id", ArgType.STRING)
                    .describe(
                        "Which instance to restart (a SID, a data directory, a web server instance)."),
                Arg.optional("reason", ArgType.STRING, "requested by the playbook")
                    .describe("Why, as the queue and reports show it."))
            .documented(
                "Queues a restart of a kind, run in the host's next change window (never inline).",
                "- name: the database must restart to use the pool\n  request_restart:\n    kind: reboot\n    reason: huge pages take effect at the next boot\n");
  }

  @Override
  public String name() {
    return "request_restart";
  }

  @Override
  public ArgSpec spec() {
    return spec;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    String id = call.args().optString("id").orElse(host.host());
    RestartTarget target = kinds.target(call.args().string("kind"), host.host(), id);
    Step step = new Step.RequestRestart(target, call.args().string("reason"));
    return Plan.of(List.of(step), List.of()).withData(Map.of("restart", target.describe()));
  }
}
