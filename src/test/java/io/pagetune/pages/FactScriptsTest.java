package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.facts.Fact;
import io.pagetune.linux.KernelCmdline;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.MemlockLimits;
import io.pagetune.linux.ThpMode;
import io.pagetune.targets.oracle.OracleTestFacts;
import io.pagetune.targets.sap.SapTestFacts;
import io.pagetune.targets.solaris.SolarisTestFacts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every fact of the package: a unique name and a script a POSIX shell accepts. */
class FactScriptsTest {
  private static final List<Fact<?>> FACTS =
      Stream.of(
              List.<Fact<?>>of(
                  Platform.fact(),
                  PagesizeA.fact(),
                  Meminfo.fact(),
                  ThpMode.fact(),
                  KernelCmdline.fact(),
                  MemlockLimits.ulimitFact("oracle")),
              OracleTestFacts.scripts(),
              SapTestFacts.scripts(),
              SolarisTestFacts.scripts())
          .flatMap(List::stream)
          .toList();

  // numbers too large for int/long wherever a parser reads digits
  private static final String HUGE_NUMBERS =
      String.join(
          "\n",
          "99999999999999999999999999: 99999999999999999999999 kB",
          "HugePages_Total: 99999999999999999999999",
          "kernel release 99999999999999999999",
          "patch number 99999999999999999999",
          "999999999999999999999, patch 99999999999999999999",
          "SETENV_99999999999999 = X=1",
          "99999999999999999999 name: x",
          "PID DPGSZ SPGSZ TPGSZ CMD",
          "1 99999999999999999999K 1K 1K x",
          "key shmid owner perms bytes nattch status",
          "0x0 1 o 600 99999999999999999999999 99999999999999999999",
          "Total Shared Global Region in Large Pages = 99999999999999999999 MB (99999%)",
          "Large Pages used by this instance: 99999999999999999999 (1 MB)",
          " Address  Kbytes     RSS    Anon  Locked Pgsz Mode   Mapped File",
          "00010000 99999999999999999999 8 - - 8K r-x-- maps",
          "99999999999999999999.99999999999999999.0-uek",
          "99999999999999999999");

  @Test
  void namesAreUnique() {
    Set<String> names = new HashSet<>();
    for (Fact<?> f : FACTS) {
      assertTrue(names.add(f.name()), "duplicate fact name " + f.name());
    }
  }

  @Test
  void scriptsParseInSh() throws IOException, InterruptedException {
    for (Fact<?> f : FACTS) {
      Process p =
          new ProcessBuilder("sh", "-n", "-c", f.script()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue(), f.name() + ": " + out);
    }
  }

  @Test
  void parsersDoNotThrowOnEmptyOrFailedOutput() {
    for (Fact<?> f : FACTS) {
      f.parse(CommandResult.of(127, "", "not found"));
      f.parse(CommandResult.of(0, "\n\n  \n", ""));
      f.parse(CommandResult.of(0, "garbage, with: 1 2 3 [x]\n-\n", ""));
      f.parse(CommandResult.of(0, HUGE_NUMBERS, ""));
    }
  }
}
