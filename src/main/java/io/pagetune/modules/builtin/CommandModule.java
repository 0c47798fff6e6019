package io.pagetune.modules.builtin;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code command}: runs one program with arguments, never through a shell. The {@code cmd} string
 * is split into words like a shell would (quotes, backslashes) and nothing else: {@code $HOME},
 * {@code *}, {@code |} and {@code >} reach the program literally. {@code argv} gives the words
 * directly.
 */
public final class CommandModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("cmd", ArgType.STRING)
                  .describe(
                      "The command line, split into words like a shell would (quotes, backslashes) but never run by a shell: $HOME, *, | and > reach the program literally."),
              Arg.optional("argv", ArgType.LIST)
                  .describe("The program and its arguments as a list, instead of cmd."),
              RunConditions.CREATES,
              RunConditions.REMOVES,
              RunConditions.CHDIR,
              RunConditions.STDIN,
              RunConditions.STDIN_ADD_NEWLINE)
          .withFreeForm("cmd")
          .documented(
              "Runs one program with arguments on the host, without a shell; its changes are not journaled (rollback cannot undo them).",
              "- name: show the huge page pool\n  command: grep -i huge /proc/meminfo\n  register: meminfo\n  changed_when: false\n");

  @Override
  public String name() {
    return "command";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public CheckSupport checkSupport() {
    return CheckSupport.NONE;
  }

  @Override
  public void validate(Args args) {
    if (args.has("cmd") == args.has("argv")) {
      throw args.error("cmd", "or 'argv' must be given, and only one of them");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    List<String> argv;
    if (args.has("argv")) {
      argv = args.strings("argv");
    } else {
      try {
        argv = ArgvSplitter.split(args.string("cmd"));
      } catch (IllegalArgumentException e) {
        return Plan.failed("command: cannot split cmd into words: " + e.getMessage());
      }
    }
    if (argv.isEmpty()) {
      return Plan.failed("command: no command given");
    }
    Optional<RunConditions.Skip> skip = RunConditions.skipReason(args, host);
    if (skip.isPresent()) {
      return Plan.upToDate(skip.get().reason(), CommandOutput.skipped(argv, skip.get()));
    }
    RemoteCommand command =
        RemoteCommand.argv(argv)
            .withChdir(args.optString("chdir").orElse(null))
            .withStdin(RunConditions.stdin(args));
    return Plan.of(List.of(Step.Exec.of(command, null), CommandOutput.readBack(argv)), List.of())
        .withData(Map.of("cmd", argv));
  }
}
