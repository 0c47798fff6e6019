package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What the relays of a session's commands cost: the processes each command's text starts. */
class SessionFifosTest {
  private static final Pattern PAIR =
      Pattern.compile("exec 4>\"\\$pt_d/(o\\d+)\" 5>\"\\$pt_d/(e\\d+)\"");

  @Test
  void oneMkfifoPerBatchOneRmPerSpentBatchAndTwoRelaysPerCommand() {
    SessionFifos fifos = new SessionFifos();
    int commands = 3 * SessionFifos.BATCH + 1;
    int mkfifo = 0;
    int rm = 0;
    Set<String> pairs = new HashSet<>();
    for (int i = 0; i < commands; i++) {
      String text = fifos.next();
      mkfifo += count(text, "mkfifo ");
      rm += count(text, "rm ");
      assertEquals(2, count(text, "exec cat -u <"), text);
      Matcher m = PAIR.matcher(text);
      assertTrue(m.find(), text);
      assertTrue(pairs.add(m.group(1) + m.group(2)), "a pair is never reused: " + text);
      assertTrue(text.contains("\"$pt_d/" + m.group(1) + "\" 2>/dev/null &"), text);
    }
    assertEquals(4, mkfifo, "batches for 25 commands");
    assertEquals(3, rm, "each spent batch removed when the next is made");
  }

  @Test
  void aBatchRemovesThePairsOfTheOneBeforeItAndMakesItsOwn() {
    SessionFifos fifos = new SessionFifos();
    for (int i = 0; i < SessionFifos.BATCH; i++) {
      fifos.next();
    }
    String ninth = fifos.next();
    assertTrue(ninth.startsWith("rm -f \"$pt_d/o0\" \"$pt_d/e0\""), ninth);
    assertTrue(ninth.contains("\"$pt_d/o7\" \"$pt_d/e7\"; if mkfifo \"$pt_d/o8\""), ninth);
    assertTrue(ninth.contains("\"$pt_d/o15\" \"$pt_d/e15\" 2>/dev/null; then pt_f=1"), ninth);
  }

  @Test
  void theChannelItselfStartsNoProcess() {
    assertFalse(SessionFifos.direct().contains("cat"));
    assertFalse(SessionFifos.direct().contains("mkfifo"));
  }

  private static int count(String text, String what) {
    return text.split(Pattern.quote(what), -1).length - 1;
  }
}
