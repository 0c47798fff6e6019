package io.pagetune.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The interop run ({@code .ci/interop-setup}) installs every other shell, so the session suites
 * that repeat per shell cannot pass there by finding none.
 */
@Tag("interop")
class OtherShellsInstalledTest {
  @Test
  void everyOtherShellIsInstalledAndCanStandInForBinSh() {
    assertTrue(OtherShells.canReplaceBinSh(), "unshare/mount cannot replace /bin/sh here");
    for (OtherShells.OtherShell s : OtherShells.ALL) {
      assertTrue(Files.isExecutable(s.path()), s.name() + " is not installed at " + s.path());
    }
    assertTrue(OtherShells.installed().count() == OtherShells.ALL.size());
  }
}
