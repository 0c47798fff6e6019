package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** become_method, become_exe and become_flags as values: what is passed, what is refused. */
class BecomeMethodTest {
  private static String refusal(String method, String exe, String flags) {
    return assertThrows(IllegalArgumentException.class, () -> BecomeMethod.of(method, exe, flags))
        .getMessage();
  }

  @Test
  void sudoKeepsItsDefaultHomeFlagAndSetsHowItReadsThePasswordItself() {
    assertEquals(List.of("-H"), BecomeMethod.SUDO.extraFlags());
    assertEquals(List.of("-E", "-H"), BecomeMethod.of("sudo", null, "-ESn -H").extraFlags());
    assertEquals(List.of(), BecomeMethod.of("sudo", null, "-S -n").extraFlags());
    assertEquals(List.of(), BecomeMethod.SU.extraFlags());
    assertEquals(
        "/usr/local/bin/sudo", BecomeMethod.of(null, "/usr/local/bin/sudo", null).program());
    assertEquals("su", BecomeMethod.of("su", null, null).program());
  }

  @Test
  void methodsOtherThanSudoAndSuAreRefused() {
    assertTrue(refusal("doas", null, null).startsWith("become method 'doas' is not supported"));
    assertTrue(refusal("runas", null, null).contains("sudo or su only"));
  }

  @Test
  void flagsThatWouldChangeHowPagetuneTalksToTheProgramAreRefusedWithWhy() {
    assertEquals(
        "become_flags for sudo: '-p' pagetune sets sudo's prompt itself",
        refusal("sudo", null, "-H -p x"));
    assertEquals(
        "become_flags for sudo: '-A' an askpass program would be asked instead of the password on"
            + " stdin",
        refusal("sudo", null, "-HA"));
    assertEquals(
        "become_flags for sudo: '-i' the command would run through the user's login shell",
        refusal("sudo", null, "-i"));
    assertEquals(
        "become_flags for su: '--session-command' pagetune passes the command itself",
        refusal("su", null, "--session-command=id"));
    assertEquals(
        "become_flags for su: '-P' a pseudo-terminal would mix the command's output streams",
        refusal("su", null, "-l -P"));
    assertEquals(
        "become_flags for sudo: '-Z' not a flag pagetune passes to sudo",
        refusal("sudo", null, "-Z"));
  }

  @Test
  void aWordThatIsNotAFlagIsRefusedWithoutBeingRepeated() {
    String m = refusal("sudo", null, "-H -S s3cret");
    assertFalse(m.contains("s3cret"), m);
    assertTrue(m.contains("a password or a command in become_flags would end up in argv"), m);
    // a value su's flags take is not such a word
    assertEquals(
        List.of("-", "-s", "/bin/sh", "-w", "LANG"),
        BecomeMethod.of("su", null, "- -s /bin/sh -w LANG").extraFlags());
  }

  @Test
  void becomeExeNamesOneProgram() {
    assertEquals(
        "become_exe 'sudo -n' must name one program (put its options into become_flags)",
        refusal("sudo", "sudo -n", null));
  }

  @Test
  void renderedCommandsQuoteEveryValueAndKeepThePasswordOutOfTheText() {
    Become su =
        Become.as("o'brien").through(BecomeMethod.of("su", "/opt/my su/su".replace(" ", ""), "-l"));
    String text = BecomeShell.render(su, "echo 'hi'");
    assertTrue(
        text.startsWith("IFS= read -r pagetune_become_pw\n{ /opt/mysu/su -l 'o'\\''brien' -c "),
        text);
    assertTrue(
        text.endsWith(
            " 1>&2 <<pagetune_become_pw_end\n$pagetune_become_pw\npagetune_become_pw_end\n} 3<&0 4>&1"),
        text);
    Become sudo = Become.as("oracle").through(BecomeMethod.of("sudo", null, "-E -H -S -n"));
    assertEquals(
        "sudo -S -p '' -E -H -u oracle -- /bin/sh -c 'echo '\\''hi'\\'''",
        BecomeShell.render(sudo, "echo 'hi'"));
  }

  @Test
  void theMarkerTellsARefusalFromACommandThatFailed() {
    Become root = Become.as("root");
    byte[] refused =
        "Sorry, try again.\nsudo: 1 incorrect password attempt\n".getBytes(StandardCharsets.UTF_8);
    BecomeMarker.Outcome no = BecomeMarker.of(root, 1, false, refused);
    assertTrue(no.refused());
    byte[] ran = "pagetune-become-ok\nown error\n".getBytes(StandardCharsets.UTF_8);
    BecomeMarker.Outcome yes = BecomeMarker.of(root, 1, false, ran);
    assertFalse(yes.refused());
    assertEquals("own error\n", new String(yes.stderr(), StandardCharsets.UTF_8));
    Become su = root.through(BecomeMethod.SU);
    byte[] prompt = "Passwort: su: Authentifizierungsfehler\n".getBytes(StandardCharsets.UTF_8);
    assertEquals("su: Authentifizierungsfehler\n", BecomeMarker.of(su, 1, false, prompt).said());
    assertFalse(BecomeMarker.of(root, 127, false, refused).refused(), "no such program");
  }
}
