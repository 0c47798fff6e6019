package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StartservScriptTest {
  private static StartservScript read(String text) {
    return StartservScript.read(text.lines().toList());
  }

  private static String startLine(StartservScript s) {
    return s.lines().get(s.startLine()).strip();
  }

  @Test
  void versionArmIsNotTheStart() {
    StartservScript s = read(Fixtures.read("pages/startserv/version-arm"));
    assertTrue(startLine(s).startsWith("exec \"$SERVER_ROOT/lib/webservd-wdog\""));
    assertFalse(s.startLineOpensArm());
  }

  @Test
  void versionIfBranchIsNotTheStartInEitherForm() {
    String multi =
        "#!/bin/sh\n"
            + "if [ \"$1\" = \"-version\" ] ; then\n"
            + "    LD_PRELOAD_64=/opt/debug/64/libprobe.so; export LD_PRELOAD_64\n"
            + "    exec /opt/ws7/lib/webservd -v\n"
            + "elif [ \"$1\" = --configtest ]; then\n"
            + "    exec /opt/ws7/lib/webservd -c\n"
            + "else\n"
            + "    MPSSHEAP=256M; export MPSSHEAP\n"
            + "fi\n"
            + "exec /opt/ws7/lib/webservd-wdog -d /opt/ws7/https-a/config\n";
    StartservScript s = read(multi);
    assertEquals("exec /opt/ws7/lib/webservd-wdog -d /opt/ws7/https-a/config", startLine(s));
    assertEquals(Optional.empty(), s.environment("LD_PRELOAD_64"), "version branch only");
    assertEquals(Optional.of("256M"), s.environment("MPSSHEAP"), "else branch is the start path");
    String oneLine =
        "#!/bin/sh\n"
            + "[ -n \"$X\" ] && echo x\n"
            + "if [ \"$1\" = -v ]; then exec /opt/ws7/lib/webservd -v; fi\n"
            + "/opt/ws7/lib/webservd-wdog -d /opt/ws7/https-a/config\n";
    assertEquals("/opt/ws7/lib/webservd-wdog -d /opt/ws7/https-a/config", startLine(read(oneLine)));
  }

  @Test
  void assignmentsExportsAndExpansion() {
    StartservScript s =
        read(
            "A=/usr/lib\n"
                + "export B=\"${A}/64/libumem.so\"\n"
                + "C=\"$B ${D:-/x.so}\" export C\n"
                + "E=\"${B:+$B }mpss.so.1\"; export E\n"
                + "F=1; unset F\n"
                + "webservd\n");
    assertEquals(Optional.of("/usr/lib/64/libumem.so"), s.environment("B"));
    assertEquals(Optional.empty(), s.environment("A"), "not exported");
    assertFalse(s.assigned("C"), "an assignment before a command is that command's");
    assertEquals(Optional.of("/usr/lib/64/libumem.so mpss.so.1"), s.environment("E"));
    assertFalse(s.assigned("F"));
    assertEquals(5, s.startLine());
  }

  @Test
  void startThroughAVariableNamingWebservd() {
    StartservScript s = read("SERVER_BIN=webservd-wdog\ncd /x\n\"${SERVER_BIN}\" -d /x/config\n");
    assertEquals(2, s.startLine());
    assertEquals(-1, read("#!/bin/sh\necho webservd\n").startLine());
    assertEquals(Map.of(), read("# webservd\n").values());
    assertEquals(List.of("a=1", "b"), ShellSyntax.statements("a=1; b && [ -f x ]"));
  }
}
