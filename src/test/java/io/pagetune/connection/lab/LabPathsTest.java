package io.pagetune.connection.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pagetune.connection.CommandResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabPathsTest {
  @TempDir Path tmp;
  private String root;
  private LabPaths paths;

  @BeforeEach
  void setUp() throws Exception {
    Path r = tmp.resolve("lab/host-1");
    Files.createDirectories(r.resolve("u01/app"));
    Files.createDirectories(r.resolve("usr/sap"));
    root = r.toString();
    paths = new LabPaths(r);
  }

  @Test
  void plainPathsOfHostStateMoveUnderTheRoot() {
    assertEquals("cat " + root + "/proc/meminfo", paths.map("cat /proc/meminfo"));
    assertEquals("x=$(cat " + root + "/proc/meminfo)", paths.map("x=$(cat /proc/meminfo)"));
    assertEquals(
        "grep -c x " + root + "/etc/sysctl.conf; ls " + root + "/boot/loader/entries",
        paths.map("grep -c x /etc/sysctl.conf; ls /boot/loader/entries"));
    assertEquals(root + "/etc", paths.map("/etc"));
  }

  @Test
  void debianPostgresqlDirectoriesAreHostStateTheRestOfVarLibIsNot() {
    assertEquals(
        "d='" + root + "/var/lib/postgresql/15/main'; b=" + root + "/usr/lib/postgresql/$v/bin",
        paths.map("d='/var/lib/postgresql/15/main'; b=/usr/lib/postgresql/$v/bin"));
    assertEquals(
        "ls " + root + "/var/run/postgresql /var/lib/dpkg /usr/lib/jvm",
        paths.map("ls /var/run/postgresql /var/lib/dpkg /usr/lib/jvm"));
  }

  @Test
  void rhelPgdgPostgresqlDirectoriesAreHostState() {
    assertEquals(
        "ls " + root + "/var/lib/pgsql/16/data " + root + "/usr/pgsql-16/bin/postgres /usr/pgsql",
        paths.map("ls /var/lib/pgsql/16/data /usr/pgsql-16/bin/postgres /usr/pgsql"));
  }

  @Test
  void pathsInsideQuotesAndAssignmentsAreMappedAndStayQuoted() {
    assertEquals(
        "cat '" + root + "/etc/security/limits.conf'",
        paths.map("cat '/etc/security/limits.conf'"));
    assertEquals(
        "[ -e \"" + root + "/sys/kernel/mm/transparent_hugepage/enabled\" ]",
        paths.map("[ -e \"/sys/kernel/mm/transparent_hugepage/enabled\" ]"));
    assertEquals(
        "d='" + root + "/usr/sap/NWP/SYS/profile'", paths.map("d='/usr/sap/NWP/SYS/profile'"));
    assertEquals(
        "X=" + root + "/etc/x.conf sh -c 'cat " + root + "/etc/x.conf'",
        paths.map("X=/etc/x.conf sh -c 'cat /etc/x.conf'"));
  }

  @Test
  void globsKeepTheirPatternAfterTheMappedPart() {
    assertEquals(
        "for d in " + root + "/usr/sap/*/SYS/profile; do",
        paths.map("for d in /usr/sap/*/SYS/profile; do"));
    assertEquals(
        "for f in \"" + root + "/etc/sysctl.d\"/*.conf",
        paths.map("for f in \"/etc/sysctl.d\"/*.conf"));
    assertEquals(
        "ls " + root + "/etc/tuned/$p/tuned.conf", paths.map("ls /etc/tuned/$p/tuned.conf"));
  }

  @Test
  void toolsScratchSpaceAndLookalikesAreNotMapped() {
    String[] untouched = {
      "/bin/sh -c 'echo hi' >/dev/null 2>&1",
      "/usr/bin/awk '{print $1}' /tmp/x",
      "od -An -N8 /dev/urandom",
      "cat /etcetera /sysfoo /optional",
      "sed 's|.*/etc/x||' f",
      "sed -n 's:/config$::p'",
      "curl http://host/etc/x",
      "echo a/etc/b",
      "ls /usr/lib/x86_64-linux-gnu /lib64/ld.so /var/tmp /",
      "ls /nonexistent-top/etc"
    };
    for (String s : untouched) {
      assertEquals(s, paths.map(s), s);
    }
  }

  @Test
  void topLevelDirectoriesTheSeedBroughtAreHostStateToo() {
    assertEquals("ls " + root + "/u01/app/oracle", paths.map("ls /u01/app/oracle"));
  }

  @Test
  void aPathAlreadyUnderTheRootIsNotMappedTwice() {
    assertEquals("cat " + root + "/etc/x", paths.map("cat " + root + "/etc/x"));
  }

  @Test
  void outputLosesTheRoot() {
    CommandResult r =
        paths.unmap(
            CommandResult.of(
                0, root + "/usr/sap/NWP/SYS/profile\n", "cat: " + root + "/etc/x: missing\n"));
    assertEquals("/usr/sap/NWP/SYS/profile\n", r.stdout());
    assertEquals("cat: /etc/x: missing\n", r.stderr());
  }

  @Test
  void aRootThatWouldNeedQuotingIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new LabPaths(Path.of("/tmp/it's here")));
  }
}
