package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Only the subcommand a command line names is built; help and anything else get all of them. */
class SubcommandsTest {
  @Test
  void aNamedSubcommandIsBuiltAlone() {
    assertEquals(List.of(RunCommand.class), Subcommands.forArguments("run", "site.yml"));
    assertEquals(List.of(VaultCommand.class), Subcommands.forArguments("vault", "view", "x"));
  }

  @Test
  void helpVersionNothingOrAnUnknownWordGetAll() {
    for (String[] args :
        List.of(
            new String[] {}, new String[] {"--help"}, new String[] {"-V"}, new String[] {"rnu"})) {
      assertEquals(Subcommands.ALL, Subcommands.forArguments(args), String.join(" ", args));
    }
  }

  @Test
  void theTopLevelHelpStillListsEverySubcommand() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
    int code = new Cli(Clock.systemUTC(), print, print, Map.of()).execute("--help");
    assertEquals(0, code);
    String help = out.toString(StandardCharsets.UTF_8);
    for (Class<?> command : Subcommands.ALL) {
      String name = Subcommands.names(command).get(0);
      assertTrue(help.contains("\n  " + name + " "), name + " in:\n" + help);
    }
  }
}
