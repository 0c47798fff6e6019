package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The discovery script run by a real shell on a host tree under a temp root (the lab's stand-ins
 * answer su, disp+work and ps): systems come from /usr/sap/<SID>/SYS/profile and from the active
 * pf= lines of /usr/sap/sapservices, wherever those profiles are.
 */
class SapSystemsScanTest {
  @TempDir Path root;

  private void write(String path, String text) throws IOException {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private Map<String, SapSystemFacts> scan() throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder("sh", "-c", SapSystemsScan.fact().script()).redirectErrorStream(false);
    pb.environment().put("PAGETUNE_LAB_ROOT", root.toString());
    pb.environment().put("PATH", Path.of("lab/bin").toAbsolutePath() + ":" + System.getenv("PATH"));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(20, TimeUnit.SECONDS);
    return SapSystemsScan.parse(out);
  }

  @Test
  void sapservicesFindsProfilesOutsideUsrSapAndEachSystemIsListedOnce() throws Exception {
    write(".state/kernel", "753 1200\n");
    write(".state/uname-s", "AIX\n");
    write("usr/sap/NWP/SYS/profile/NWP_D00_h", "SAPSYSTEM = 00\n");
    write("usr/sap/NWP/SYS/profile/DEFAULT.PFL", "SAPSYSTEMNAME = NWP\n");
    write("sapmnt/PRD/profile/PRD_ASCS00_cs", "SAPSYSTEM = 00\n");
    write("sapmnt/PRD/profile/PRD_D10_ap", "SAPSYSTEM = 10\n");
    write("sapmnt/QAS/profile/QAS_D20_ap", "SAPSYSTEM = 20\n");
    write(
        "usr/sap/sapservices",
        String.join(
            "\n",
            "#!/bin/sh",
            "LIBPATH=/usr/sap/PRD/D10/exe:$LIBPATH; export LIBPATH;"
                + " /usr/sap/PRD/D10/exe/sapstartsrv pf=/sapmnt/PRD/profile/PRD_D10_ap -D -u prdadm",
            "LIBPATH=/usr/sap/NWP/D00/exe:$LIBPATH; export LIBPATH;"
                + " /usr/sap/NWP/D00/exe/sapstartsrv pf=/usr/sap/NWP/SYS/profile/NWP_D00_h -D",
            "#LIBPATH=/usr/sap/QAS/D20/exe:$LIBPATH; export LIBPATH;"
                + " /usr/sap/QAS/D20/exe/sapstartsrv pf=/sapmnt/QAS/profile/QAS_D20_ap -D",
            ""));
    Map<String, SapSystemFacts> systems = scan();
    assertEquals(List.of("NWP", "PRD"), List.copyOf(systems.keySet()), "QAS is disabled");
    SapSystemFacts prd = systems.get("PRD");
    assertEquals("/sapmnt/PRD/profile", prd.profileDir());
    assertEquals(List.of("PRD_ASCS00_cs", "PRD_D10_ap"), prd.profiles());
    assertEquals(1200, prd.kernel().orElseThrow().patch());
    assertEquals("/usr/sap/NWP/SYS/profile", systems.get("NWP").profileDir());
    assertEquals(List.of("NWP_D00_h"), systems.get("NWP").profiles());
    // what this host starts: PRD's ASCS is not among it, the disabled QAS line does not count
    assertEquals(Optional.of(List.of("PRD_D10_ap", "NWP_D00_h")), prd.startedHere());
    assertEquals(false, prd.startedHere(List.of("PRD_ASCS00_cs")));
    assertEquals(true, prd.startedHere(List.of("PRD_D10_ap")));
  }
}
