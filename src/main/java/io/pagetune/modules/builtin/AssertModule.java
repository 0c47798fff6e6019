package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code assert}: evaluates each expression of {@code that} in order; the first false one fails the
 * task with {@code fail_msg} (or a message naming the expression). Never changes the host.
 */
public final class AssertModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("that", ArgType.EXPRESSIONS)
                  .describe("Expressions that must all be true."),
              Arg.optional("fail_msg", ArgType.STRING)
                  .aliases("msg")
                  .describe("The message when one is false."),
              Arg.optional("success_msg", ArgType.STRING, "All assertions passed")
                  .describe("The message when all are true."),
              Arg.optional("quiet", ArgType.BOOL, false)
                  .describe("Do not show the message when all are true."))
          .documented(
              "Fails the host unless every expression given is true.",
              "- name: enough memory for the pool\n  assert:\n    that:\n      - ansible_memtotal_mb > 4096\n    fail_msg: too little memory\n");

  @Override
  public String name() {
    return "assert";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (args.strings("that").isEmpty()) {
      throw args.error("that", "needs at least one expression");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    List<String> expressions = args.strings("that");
    for (String expression : expressions) {
      if (!call.services().test(expression)) {
        Optional<String> failMsg = args.optString("fail_msg");
        Map<String, Object> data = new LinkedHashMap<>();
        // ansible.builtin.assert registers "Assertion failed"; the console also names the check
        data.put("msg", failMsg.orElse("Assertion failed"));
        data.put("assertion", expression);
        data.put("evaluated_to", false);
        return Plan.failed(failMsg.orElse("Assertion failed: " + expression)).withData(data);
      }
    }
    String msg = args.string("success_msg");
    return Plan.upToDate(
        expressions.size() == 1 ? "assertion holds" : expressions.size() + " assertions hold",
        args.bool("quiet") ? Map.of("msg", msg, "quiet", true) : Map.of("msg", msg));
  }
}
