package io.pagetune.modules.builtin;

import io.pagetune.error.PagetuneException;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code debug}: shows a message ({@code msg}) or a variable's value ({@code var}, a variable name
 * or FreeMarker expression, returned under its own name as Ansible does).
 */
public final class DebugModule implements Module {
  static final String UNDEFINED = "VARIABLE IS NOT DEFINED!";
  public static final String VERBOSE_ALWAYS = "_ansible_verbose_always";

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("msg", ArgType.ANY).describe("The message to show."),
              // an expression the user wrote: never interpolated first, so a value it would
              // interpolate to (host data) is never evaluated as an expression
              Arg.optional("var", ArgType.EXPRESSIONS)
                  .describe(
                      "A variable name or expression whose value is shown under its own name."),
              Arg.optional("verbosity", ArgType.INT, 0)
                  .describe("Show only with at least this many -v."))
          .documented(
              "Shows a message or a variable's value; changes nothing.",
              "- name: show the pool\n  debug:\n    msg: \"${inventory_hostname} has ${ansible_memtotal_mb} MB\"\n");

  @Override
  public String name() {
    return "debug";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (args.has("msg") && args.has("var")) {
      throw args.error("msg", "and 'var' are mutually exclusive");
    }
    if (args.has("var")) {
      String var = args.string("var");
      if (var.isBlank() || var.contains("}") || var.contains("${") || var.contains("\n")) {
        throw args.error("var", "must be a variable name or expression, without ${...}");
      }
    }
  }

  private static boolean missing(ModuleCall call, String var, PagetuneException failure) {
    try {
      return !call.services().test("(" + var + ")??");
    } catch (PagetuneException e) {
      failure.addSuppressed(e);
      return false;
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    if (args.has("var")) {
      String var = args.string("var").strip();
      Object value;
      try {
        value = call.services().value(var);
      } catch (PagetuneException e) {
        // Ansible's answer for a missing variable (or a missing key on the way to it); any other
        // error (syntax, wrong type) fails the task with its own message
        if (!missing(call, var, e)) {
          throw e;
        }
        value = UNDEFINED;
      }
      Map<String, Object> data = new LinkedHashMap<>();
      data.put(var, value == null ? UNDEFINED : value);
      // Ansible's marker for "print this result even without -v"; reporters show it, register
      // leaves it out
      data.put(VERBOSE_ALWAYS, true);
      return Plan.upToDate("debug", data);
    }
    Object msg = args.has("msg") ? args.raw("msg") : "Hello world!";
    return Plan.upToDate("debug", Map.of("msg", msg));
  }
}
