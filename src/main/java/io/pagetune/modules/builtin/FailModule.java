package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;

/** {@code fail}: fails the task with a message, without touching the host. */
public final class FailModule implements Module {
  static final String DEFAULT_MSG = "Failed as requested from task";

  private static final ArgSpec SPEC =
      ArgSpec.of(Arg.optional("msg", ArgType.STRING, DEFAULT_MSG).describe("The failure message."))
          .withFreeForm("msg")
          .documented(
              "Fails the host with a message.",
              "- name: stop on an unsupported release\n  fail:\n    msg: this release is not supported\n  when: ansible_distribution_major_version == '6'\n");

  @Override
  public String name() {
    return "fail";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    return Plan.failed(call.args().string("msg"));
  }
}
