package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatOutputTest {
  @Test
  void parsesGnuStat() {
    FileMeta m = StatOutput.parse("/etc/x", "regular file|640|root|oinstall|123\n").orElseThrow();
    assertEquals(new FileMeta("/etc/x", FileMeta.Type.FILE, 0640, "root", "oinstall", 123), m);
    assertEquals(
        FileMeta.Type.FILE,
        StatOutput.parse("/e", "regular empty file|600|a|b|0").orElseThrow().type());
    assertEquals(
        04755, StatOutput.parse("/s", "regular file|4755|root|root|9").orElseThrow().mode());
  }

  @Test
  void parsesLsOutputOfAixAndSolaris() {
    FileMeta m =
        StatOutput.parse(
                "/usr/sap/SID/SYS/profile/DEFAULT.PFL",
                "-rw-r--r--    1 sidadm   sapsys         2345 Mar 02 10:11 DEFAULT.PFL")
            .orElseThrow();
    assertEquals(
        new FileMeta(
            "/usr/sap/SID/SYS/profile/DEFAULT.PFL",
            FileMeta.Type.FILE,
            0644,
            "sidadm",
            "sapsys",
            2345),
        m);
    FileMeta d = StatOutput.parseLs("/tmp", "drwxrwxrwt  12 root sys 1024 Jan 1 2024 /tmp");
    assertEquals(FileMeta.Type.DIRECTORY, d.type());
    assertEquals(01777, d.mode());
    assertEquals(02750, StatOutput.parseLs("/x", "-rwxr-s---+ 1 a b 1 Jan 1 2024 x").mode());
    assertEquals(
        FileMeta.Type.SYMLINK,
        StatOutput.parseLs("/l", "lrwxrwxrwx 1 a b 4 Jan 1 2024 l -> t").type());
  }

  @Test
  void missingMarkerMeansAbsent() {
    assertTrue(StatOutput.parse("/nope", "pagetune-missing\n").isEmpty());
  }
}
