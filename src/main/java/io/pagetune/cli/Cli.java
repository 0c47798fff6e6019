package io.pagetune.cli;

import io.pagetune.executor.ExitStatus;
import io.pagetune.report.TerminalStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import picocli.CommandLine;

/**
 * Builds the picocli command tree with its dependencies and maps errors to exit codes: an input
 * error prints one {@code file:line:col: message} line (a stack trace only with --stacktrace).
 */
public final class Cli {
  private final Clock clock;
  private final PrintStream stdout;
  private final PrintStream stderr;
  private final Map<String, String> env;

  public Cli(Clock clock, PrintStream out, PrintStream err, Map<String, String> env) {
    this.clock = clock;
    this.stdout = out;
    this.stderr = err;
    this.env = Map.copyOf(env);
  }

  public int execute(String... args) {
    // whatever a command prints passes the terminal escaping: host text never reaches it raw
    PrintStream out = TerminalStream.over(stdout);
    PrintStream err = TerminalStream.over(stderr);
    CliEnvironment environment = new CliEnvironment(clock, out, err, env, stdout == System.out);
    // the passwords pagetune was given in its environment are never printed back
    environment.hide(
        io.pagetune.connection.ChildProcesses.SECRET_VARIABLES.stream()
            .filter(name -> !name.equals(StateOptions.STATE_ENV))
            .map(env::get)
            .filter(java.util.Objects::nonNull)
            .toList());
    CommandLine cmd =
        new CommandLine(
            new PagetuneCommand(),
            new CommandLine.IFactory() {
              @Override
              public <K> K create(Class<K> cls) throws Exception {
                try {
                  return cls.getConstructor(CliEnvironment.class).newInstance(environment);
                } catch (NoSuchMethodException e) {
                  return CommandLine.defaultFactory().create(cls);
                }
              }
            });
    // only the subcommand asked for is built: each one's model is reflection over its options
    for (Class<?> subcommand : Subcommands.forArguments(args)) {
      cmd.addSubcommand(subcommand);
    }
    cmd.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
    cmd.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    // help is plain text: its styles would be shown escaped, as every control sequence printed is
    cmd.setColorScheme(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
    // "-e @vars.yml" is Ansible's extra-vars file, not a picocli argument file
    cmd.setExpandAtFiles(false);
    cmd.setParameterExceptionHandler(
        (ex, argv) -> {
          err.println("pagetune: " + io.pagetune.error.CredentialMask.mask(ex.getMessage()));
          CommandLine.UnmatchedArgumentException.printSuggestions(
              ex, new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
          err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
          return ExitStatus.INVALID_INPUT.code();
        });
    cmd.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          boolean trace =
              parseResult.hasMatchedOption("--stacktrace")
                  || (parseResult.subcommand() != null
                      && parseResult.subcommand().hasMatchedOption("--stacktrace"));
          return new ErrorExit(err).report(ex, trace);
        });
    int code;
    try {
      code = cmd.execute(args);
    } catch (OutOfMemoryError | StackOverflowError e) {
      // picocli passes Errors through; they still end as one line with an honest exit code
      return new ErrorExit(err).report(e, false);
    }
    // a PrintStream swallows write errors: output lost to a full disk must not end as success
    out.flush();
    if (out.checkError() || stdout.checkError()) {
      err.println(
          "pagetune: could not write all output to stdout (disk full or output closed); it is"
              + " incomplete");
      return ExitStatus.ENVIRONMENT_FAULT.code();
    }
    return code;
  }
}
