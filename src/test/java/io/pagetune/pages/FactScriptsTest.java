package io.pagetune.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.facts.Fact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Every fact of the package: a unique name and a script a POSIX shell accepts. */
class FactScriptsTest {
  private static final List<Fact<?>> FACTS =
      List.of(
          Platform.fact(),
          PagesizeA.fact(),
          Meminfo.fact(),
          ThpMode.fact(),
          KernelCmdline.fact(),
          IpcsShm.fact(),
          SysctlValue.nrHugepages(),
          SysctlValue.hugetlbShmGroup(),
          MemlockLimits.ulimitFact("oracle"),
          SapKernelVersion.dispWorkFact("nwpadm"),
          SapKernelVersion.versionInfoFact("00"),
          PsPageSizes.fact("nwpadm"),
          PmapPageSizes.fact(15492),
          IsainfoBits.fact(),
          ElfWordSize.fact("/opt/SUNWwbsvr7/lib/webservd"),
          AlertLogLargePages.fact("/u01/app/oracle/diag/rdbms/orcl/ORCL/trace/alert_ORCL.log"),
          SapcontrolCall.fact("00", "GetProcessList"));

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
    }
  }
}
