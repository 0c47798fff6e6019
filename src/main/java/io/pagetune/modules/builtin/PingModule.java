package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.Map;

/**
 * {@code ping}: proves that pagetune can log in and run a command on the host (as the become user,
 * with become), and returns {@code ping: pong} as Ansible's ping does. It changes nothing.
 */
public final class PingModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("data", ArgType.STRING, "pong")
                  .describe(
                      "What to return under 'ping'; 'crash' makes the task fail, to test failure handling."))
          .documented(
              "Logs in, runs a command on the host (through sudo or su with become) and answers pong; changes nothing.",
              "- name: can pagetune reach and use the host?\n  ping:\n");

  @Override
  public String name() {
    return "ping";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    // a stat runs a command on the host, through sudo or su with become: a refusal fails the ping
    host.stat("/");
    String data = call.args().string("data");
    if (data.equals("crash")) {
      // Ansible's ping raises on purpose with this value, to test failure handling
      return Plan.failed("boom");
    }
    return Plan.upToDate("pong", Map.of("ping", data));
  }
}
