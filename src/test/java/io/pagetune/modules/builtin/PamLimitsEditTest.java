package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The edit against the bytes community.general.pam_limits (6.6.2, plugins/modules/pam_limits.py)
 * writes, derived from its main(): lines starting with '#' and blank lines are copied; the first
 * comment of any line sets {@code new_comment} for the rest of the file, line end included; every
 * matching entry is rewritten as {@code domain\ttype\titem\tvalue} plus {@code "\t#" + new_comment}
 * and "\n", which also prefixes {@code new_comment} for the next one; a missing entry is appended
 * to whatever the file ends with. {@link PamLimitsEdit#ansibleText()} is that; {@link
 * PamLimitsEdit#text()} differs only where the module slips, and then names each slip.
 */
class PamLimitsEditTest {
  private static PamLimitsEdit edit(String text, String domain, String value, String comment) {
    return PamLimitsEdit.apply(
        new PamLimitsEdit.Wanted(domain, "hard", "nofile", value, false, false, comment),
        text,
        "/l.conf");
  }

  @Test
  void anEntryWithoutCommentsIsWrittenAsTheModuleWritesIt() {
    PamLimitsEdit e =
        edit("#x\n\nb hard nofile 5\nb   soft nofile 5\nb hard nofile 6\n", "b", "7", "");
    String expected = "#x\n\nb\thard\tnofile\t7\nb   soft nofile 5\nb\thard\tnofile\t7\n";
    assertEquals(expected, e.ansibleText());
    assertEquals(expected, e.text());
    assertEquals("b\thard\tnofile\t7\n", e.message());
    assertEquals(List.of(), e.differences());
  }

  @Test
  void anEqualValueKeepsTheLineAndIsTheMessage() {
    PamLimitsEdit e = edit("b  hard nofile  7   # mine\r\n", "b", "7", "new");
    assertEquals("b  hard nofile  7   # mine\r\n", e.text());
    assertEquals("b  hard nofile  7   # mine\r\n", e.message());
  }

  @Test
  void theModulesCommentSlipsAreNamedNotCopied() {
    // the module's own output for this file (checked against ansible-playbook 2.14 by hand):
    // "a hard nofile 5 # one\nb\thard\tnofile\t7\t# one\n\nb\thard\tnofile\t7\t#\t# one\n\n"
    PamLimitsEdit e =
        edit("a hard nofile 5 # one\nb hard nofile 5 #two\nb hard nofile 6\n", "b", "7", "");
    assertEquals(
        "a hard nofile 5 # one\nb\thard\tnofile\t7\t# one\n\nb\thard\tnofile\t7\t#\t# one\n\n",
        e.ansibleText());
    assertEquals("b\thard\tnofile\t7\t#\t# one\n\n", e.ansibleMessage());
    assertEquals("a hard nofile 5 # one\nb\thard\tnofile\t7\t#two\nb\thard\tnofile\t7\n", e.text());
    assertEquals(
        List.of(
            "community.general.pam_limits would write the comment of an earlier line",
            "community.general.pam_limits would prefix the comment of a second entry with '\\t#'"
                + " twice"),
        e.differences());
  }

  @Test
  void theEntrysOwnCommentIsKeptWithoutItsLineEnd() {
    PamLimitsEdit e = edit("b hard nofile 5   # preinstall\n", "b", "7", "");
    assertEquals("b\thard\tnofile\t7\t# preinstall\n\n", e.ansibleText());
    assertEquals("b\thard\tnofile\t7\t# preinstall\n", e.text());
    assertEquals(
        List.of(
            "community.general.pam_limits would keep the line's end with the old comment, leaving"
                + " an empty line after the entry"),
        e.differences());
  }

  @Test
  void anAppendedEntryStartsOnItsOwnLine() {
    PamLimitsEdit e = edit("# c\n @x  hard nofile 5", "oracle", "unlimited", "");
    assertEquals("# c\n @x  hard nofile 5oracle\thard\tnofile\tunlimited\n", e.ansibleText());
    assertEquals("# c\n @x  hard nofile 5\noracle\thard\tnofile\tunlimited\n", e.text());
    assertEquals(1, e.differences().size());
    PamLimitsEdit fresh = edit("", "oracle", "unlimited", "SGA");
    assertEquals("oracle\thard\tnofile\tunlimited\t#SGA\n", fresh.text());
    assertEquals(List.of(), fresh.differences());
  }

  @Test
  void anInvalidEntryInTheFileFailsWithTheModulesMessage() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> edit("x soft core lots\n", "b", "1", ""));
    assertEquals(
        "Invalid configuration found in '/l.conf'. Value of 'lots' for item 'core' is invalid."
            + " Value must either be 'unlimited', 'infinity' or -1, all of which indicate no limit,"
            + " or a limit of 0 or larger. Refer to the limits.conf(5) manual pages for more"
            + " details.",
        e.getMessage());
  }

  @Test
  void valuesAreCheckedAsTheModuleChecksThem() {
    assertEquals(List.of(), problems("nice", "-20", "19", "+5", "0"));
    assertEquals(
        List.of("-21", "20", "x", "unlimited"), problems("nice", "-21", "20", "x", "unlimited"));
    assertEquals(List.of(), problems("nofile", "unlimited", "infinity", "-1", "0", "65536"));
    assertEquals(List.of("-5", " 5", "5k", "+5"), problems("nofile", "-5", " 5", "5k", "+5"));
  }

  private static List<String> problems(String item, String... values) {
    return java.util.Arrays.stream(values)
        .filter(v -> PamLimitsEdit.problem(item, v, "").isPresent())
        .toList();
  }

  @Test
  void useMaxAndUseMinCountUnlimitedWordsAsNoLimit() {
    String file = "b hard nofile 4096\nc hard nofile -1\n";
    assertEquals("b\thard\tnofile\t8192\n", line(file, "b", "8192", true, false));
    assertEquals("b hard nofile 4096\n", line(file, "b", "1024", true, false));
    assertEquals("b\thard\tnofile\t1024\n", line(file, "b", "1024", false, true));
    assertEquals("c hard nofile -1\n", line(file, "c", "infinity", true, false));
    assertEquals("c\thard\tnofile\t10\n", line(file, "c", "10", false, true));
    assertEquals("c hard nofile -1\n", line(file, "c", "unlimited", false, true));
  }

  private static String line(String file, String domain, String value, boolean max, boolean min) {
    return PamLimitsEdit.apply(
            new PamLimitsEdit.Wanted(domain, "hard", "nofile", value, max, min, ""),
            file,
            "/l.conf")
        .message();
  }
}
