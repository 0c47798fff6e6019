package io.pagetune.cli.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TextTableTest {
  private static TextTable facts() {
    return new TextTable("HOST", "PLATFORM", "SUPPORTED", "IN USE")
        .row("db01", "Linux 5.14", "4K,2M,1G", "-")
        .row(
            "db02",
            "UNREACHABLE: connect to 10.20.3.42:22 failed: No route to host (after 3 attempts"
                + " with backoff over 40 s; check the firewall and ansible_host)",
            "",
            "");
  }

  @Test
  void unlimitedWidthPadsColumnsAndKeepsEveryCharacter() {
    String out =
        new TextTable("A", "BB").row("xyz", "1").row("q", "22222").render(Integer.MAX_VALUE);
    assertEquals("A    BB\nxyz  1\nq    22222\n", out);
  }

  @Test
  void aLongCellIsCutToFitTheTerminalNotWrapped() {
    String out = facts().render(80);
    for (String line : out.split("\n")) {
      assertTrue(line.length() <= 80, line.length() + ": " + line);
    }
    assertTrue(out.contains("UNREACHABLE: connect to 10.20.3.42:22"), out);
    assertTrue(out.lines().skip(2).findFirst().orElseThrow().contains("…"), out);
    // the short columns kept their width: the other host's row is whole
    assertTrue(out.contains("4K,2M,1G"), out);
    assertEquals(3, out.lines().count());
  }

  @Test
  void lineBreaksInCellsStayOnOneLine() {
    String out = new TextTable("H", "MSG").row("h", "one\ntwo\r\nthree").render(200);
    assertEquals("H  MSG\nh  one two three\n", out);
  }

  @Test
  void tooManyCellsIsAnError() {
    assertThrows(IllegalArgumentException.class, () -> new TextTable("A").row("1", "2"));
  }

  @Test
  void widthFromColumnsElseUnlimitedOffATerminal() {
    assertEquals(100, TerminalWidth.of(Map.of("COLUMNS", "100"), false));
    assertEquals(Integer.MAX_VALUE, TerminalWidth.of(Map.of(), false));
    assertEquals(Integer.MAX_VALUE, TerminalWidth.of(Map.of("COLUMNS", "wide"), false));
  }
}
