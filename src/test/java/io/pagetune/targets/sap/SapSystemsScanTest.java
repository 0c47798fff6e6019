package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.connection.Connection;
import io.pagetune.connection.ConnectionSpec;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.lab.LabConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The discovery script run on a lab host whose root is a temp host tree (the lab's stand-ins answer
 * su, disp+work and ps; the lab connection maps the script's host paths): systems come from
 * /usr/sap/<SID>/SYS/profile and from the active pf= lines of /usr/sap/sapservices, wherever those
 * profiles are.
 */
class SapSystemsScanTest {
  @TempDir Path root;

  private void write(String path, String text) throws IOException {
    Path p = root.resolve(path);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private Map<String, SapSystemFacts> scan() {
    Map<String, Object> vars =
        Map.of("ansible_connection", "lab", "pagetune_lab_root", root.toString());
    try (Connection lab = LabConnection.factory().open(ConnectionSpec.fromVars("sap-scan", vars))) {
      return SapSystemsScan.parse(
          lab.run(RemoteCommand.script(SapSystemsScan.fact().script()), Duration.ofSeconds(20))
              .stdout());
    }
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
