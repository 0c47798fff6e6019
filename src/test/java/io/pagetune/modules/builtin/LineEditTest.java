package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Ansible's lineinfile rules on plain text, each also checked to be stable when run again. */
class LineEditTest {
  private static LineEdit edit(String regexp, String line) {
    return new LineEdit(
        regexp == null ? null : Pattern.compile(regexp), line, null, null, false, false);
  }

  private static String present(LineEdit edit, String text) {
    String once = TextLines.join(edit.present(TextLines.parse(text)).lines());
    String twice = TextLines.join(edit.present(TextLines.parse(once)).lines());
    assertEquals(once, twice, "a second run must not change the text again");
    return once;
  }

  private static String absent(LineEdit edit, String text) {
    String once = TextLines.join(edit.absent(TextLines.parse(text)).lines());
    assertEquals(once, TextLines.join(edit.absent(TextLines.parse(once)).lines()));
    return once;
  }

  @Test
  void replacesTheLastMatchingLine() {
    assertEquals("a=1\nb=2\na=9\n", present(edit("^a=", "a=9"), "a=1\nb=2\na=3\n"));
  }

  @Test
  void firstmatchReplacesTheFirst() {
    LineEdit e = new LineEdit(Pattern.compile("^a="), "a=9", null, null, false, true);
    assertEquals("a=9\nb=2\na=3\n", present(e, "a=1\nb=2\na=3\n"));
  }

  @Test
  void withoutMatchTheLineIsAppended() {
    assertEquals("x\na=9\n", present(edit("^a=", "a=9"), "x\n"));
    assertEquals("a=9\n", present(edit("^a=", "a=9"), ""));
  }

  @Test
  void appendingToAFileWithoutFinalNewlineTerminatesTheOldLastLine() {
    assertEquals("x\na=9\n", present(edit("^a=", "a=9"), "x"));
  }

  @Test
  void replacingTheUnterminatedLastLineKeepsItUnterminated() {
    assertEquals("x\na=9", present(edit("^a=", "a=9"), "x\na=1"));
  }

  @Test
  void anExistingEqualLineIsLeftAlone() {
    var result = edit(null, "a=9").present(TextLines.parse("a=9\nb\n"));
    assertEquals("", result.message());
    assertEquals("a=9\nb\n", TextLines.join(result.lines()));
  }

  @Test
  void insertafterUsesTheLastAnchorMatch() {
    LineEdit e = new LineEdit(Pattern.compile("^a="), "a=9", "^\\[main\\]", null, false, false);
    assertEquals("[main]\nk=v\n[main]\na=9\nz\n", present(e, "[main]\nk=v\n[main]\nz\n"));
  }

  @Test
  void insertafterTheUnterminatedLastLine() {
    LineEdit e = new LineEdit(null, "a=9", "^\\[main\\]$", null, false, false);
    assertEquals("x\n[main]\na=9\n", present(e, "x\n[main]"));
  }

  @Test
  void insertbeforeAnchorAndBof() {
    LineEdit before = new LineEdit(null, "a=9", null, "^# end", false, false);
    assertEquals("x\na=9\n# end\n", present(before, "x\n# end\n"));
    LineEdit bof = new LineEdit(null, "a=9", null, "BOF", false, false);
    assertEquals("a=9\nx\n", present(bof, "x\n"));
    LineEdit afterBof = new LineEdit(null, "a=9", "BOF", null, false, false);
    assertEquals("a=9\nx\n", present(afterBof, "x\n"));
  }

  @Test
  void unmatchedAnchorFallsBackToTheEnd() {
    LineEdit e = new LineEdit(null, "a=9", "^nothing", null, false, false);
    assertEquals("x\na=9\n", present(e, "x\n"));
    LineEdit eof = new LineEdit(Pattern.compile("^a="), "a=9", "EOF", null, false, false);
    assertEquals("x\na=9\n", present(eof, "x\n"));
  }

  @Test
  void aMatchingRegexpWinsOverTheAnchor() {
    LineEdit e = new LineEdit(Pattern.compile("^a="), "a=9", "^\\[main\\]", null, false, false);
    assertEquals("a=9\n[main]\n", present(e, "a=1\n[main]\n"));
  }

  @Test
  void backrefsFillGroupsFromTheMatch() {
    LineEdit e =
        new LineEdit(
            Pattern.compile("^(SETENV_\\d+ = )LDR_CNTRL=.*$"),
            "\\1LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K",
            null,
            null,
            true,
            false);
    assertEquals(
        "SETENV_00 = PATH=x\nSETENV_05 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K\n",
        present(e, "SETENV_00 = PATH=x\nSETENV_05 = LDR_CNTRL=DATAPSIZE=4K\n"));
  }

  @Test
  void backrefsWithoutMatchChangeNothing() {
    LineEdit e = new LineEdit(Pattern.compile("^(nope)"), "\\1", null, null, true, false);
    assertEquals("x\n", present(e, "x\n"));
  }

  @Test
  void backrefsToAMissingGroupAreAnError() {
    LineEdit e = new LineEdit(Pattern.compile("^(a)"), "\\2", null, null, true, false);
    assertThrows(IllegalArgumentException.class, () -> e.present(TextLines.parse("a\n")));
  }

  @Test
  void crlfFilesStayCrlf() {
    assertEquals("a\r\nB=2\r\n", present(edit("^B=", "B=2"), "a\r\nB=1\r\n"));
    assertEquals("a\r\nB=2\r\n", present(edit("^B=", "B=2"), "a\r\n"));
  }

  @Test
  void absentRemovesEveryMatchingLine() {
    assertEquals("b\n", absent(edit("^a", null), "a1\nb\na2\n"));
    assertEquals("a1\nb\n", absent(edit(null, "a2"), "a1\nb\na2\n"));
  }

  @Test
  void absentKeepsAMissingFinalNewlineMissing() {
    assertEquals("x\ny", absent(edit("^a", null), "x\ny\na"));
    assertEquals("x\ny\n", absent(edit("^a", null), "x\na\ny\n"));
  }

  @Test
  void messagesSayWhatHappened() {
    assertEquals("line added", edit("^a", "a").present(TextLines.parse("")).message());
    assertEquals("line replaced", edit("^a", "a=2").present(TextLines.parse("a=1\n")).message());
    assertEquals("2 line(s) removed", edit("^a", null).absent(TextLines.parse("a\na\n")).message());
  }
}
