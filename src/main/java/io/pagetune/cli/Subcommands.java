package io.pagetune.cli;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * pagetune's subcommands, in the order its help lists them. picocli builds a command's model by
 * reflection over every option of every subcommand it is given: about half a second of start-up for
 * all of them, a twentieth of that for one. A command line that names a subcommand first gets only
 * that one; any other (help, a version, a typo to suggest against) gets them all.
 */
final class Subcommands {
  static final List<Class<?>> ALL =
      List.of(
          RunCommand.class,
          AdhocCommand.class,
          DocCommand.class,
          InventoryCommand.class,
          FactsCommand.class,
          WindowsCommand.class,
          ScheduleCommand.class,
          SchedulerCommand.class,
          HistoryCommand.class,
          StatusCommand.class,
          RollbackCommand.class,
          ShowCommand.class,
          ApplyCommand.class,
          VaultCommand.class);

  private Subcommands() {}

  /** The subcommands to build for {@code args}. */
  static List<Class<?>> forArguments(String... args) {
    if (args.length == 0) {
      return ALL;
    }
    String first = args[0];
    return ALL.stream()
        .filter(command -> names(command).contains(first))
        .findFirst()
        .map(List::<Class<?>>of)
        .orElse(ALL);
  }

  static List<String> names(Class<?> command) {
    Command annotation = command.getAnnotation(Command.class);
    return java.util.stream.Stream.concat(
            java.util.stream.Stream.of(annotation.name()), Arrays.stream(annotation.aliases()))
        .toList();
  }
}
