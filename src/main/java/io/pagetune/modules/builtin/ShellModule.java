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
 * {@code shell}: runs a script through {@code /bin/sh} (or {@code executable -c}), with pipes,
 * redirections and variables. The script is the playbook author's code and is not quoted.
 */
public final class ShellModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("cmd", ArgType.STRING)
                  .describe("The shell script to run (through /bin/sh, or executable)."),
              Arg.optional("executable", ArgType.STRING)
                  .describe("The shell that runs cmd, instead of /bin/sh."),
              RunConditions.CREATES,
              RunConditions.REMOVES,
              RunConditions.CHDIR,
              RunConditions.STDIN,
              RunConditions.STDIN_ADD_NEWLINE)
          .withFreeForm("cmd")
          .documented(
              "Runs a shell script on the host; its changes are not journaled (rollback cannot undo them).",
              "- name: count the huge pages in use\n  shell: grep HugePages_ /proc/meminfo | head -2\n  changed_when: false\n");

  @Override
  public String name() {
    return "shell";
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
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String script = args.string("cmd");
    if (script.isBlank()) {
      return Plan.failed("shell: no command given");
    }
    Optional<RunConditions.Skip> skip = RunConditions.skipReason(args, host);
    if (skip.isPresent()) {
      return Plan.upToDate(skip.get().reason(), CommandOutput.skipped(script, skip.get()));
    }
    Optional<String> chdir = args.optString("chdir");
    RemoteCommand command;
    if (args.has("executable") || chdir.isPresent()) {
      // a script of its own, so "cd dir && a || b" can never run b outside dir
      String shell = args.optString("executable").orElse("/bin/sh");
      command = RemoteCommand.argv(shell, "-c", script).withChdir(chdir.orElse(null));
    } else {
      command = RemoteCommand.script(script);
    }
    command = command.withStdin(RunConditions.stdin(args));
    return Plan.of(List.of(Step.Exec.of(command, null), CommandOutput.readBack(script)), List.of())
        .withData(Map.of("cmd", script));
  }
}
