package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MpssConfTest {
  private static final MpssConf CONF =
      MpssConf.parse(
          "# heap and stack page sizes per program\n"
              + "\n"
              + "/usr/bin/foo -x:64K:8K\n"
              + "webserv*:4M:\n"
              + "*:0:0\n");

  @Test
  void firstMatchingEntryByNameOrPath() {
    MpssConf.Entry e = CONF.entryFor("/opt/SUNWwbsvr7/lib/sparcv9/webservd").orElseThrow();
    assertEquals(4, e.line());
    assertEquals("webserv*", e.execName());
    assertEquals("4M", e.heap());
    assertEquals(3, CONF.entryFor("/usr/bin/foo").orElseThrow().line());
    assertEquals(5, CONF.entryFor("/usr/bin/bar").orElseThrow().line());
    assertTrue(MpssConf.parse("# nothing\n").entryFor("webservd").isEmpty());
  }
}
