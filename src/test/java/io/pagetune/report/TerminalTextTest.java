package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TerminalTextTest {
  @Test
  void controlsAreEscapedNewlinesAndTabsStayUnlessInline() {
    String hostile =
        "a\u001b]0;PWNED\u0007 b\u001b[2J\r\u009b2J \u202Eevil\u2066x\u2069\u007f\tt\nz";
    assertEquals(
        "a\\u001B]0;PWNED\\u0007 b\\u001B[2J\\u000D\\u009B2J \\u202Eevil\\u2066x\\u2069\\u007F\tt\nz",
        TerminalText.escape(hostile));
    assertEquals("x\\u0009y\\u000Az", TerminalText.escapeInline("x\ty\nz"));
    assertEquals("plain ü ✓ 𝄞", TerminalText.escape("plain ü ✓ 𝄞"));
  }

  @Test
  void theStreamEscapesWhateverIsPrintedAndPassesPagetunesOwnSequences() {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    TerminalStream out = TerminalStream.over(raw);
    out.print("host says \u001b[2J");
    out.printf("%s%n", "\u009b\u202E");
    out.control("\u001b[0;31m");
    out.println("red");
    // a character split across two writes is decoded whole
    byte[] rlo = "\u202E".getBytes(StandardCharsets.UTF_8);
    out.write(rlo, 0, 1);
    out.write(rlo, 1, 2);
    out.flush();
    assertEquals(
        List.of("host says \\u001B[2J\\u009B\\u202E", "\u001b[0;31mred", "\\u202E"),
        raw.toString(StandardCharsets.UTF_8).lines().toList());
  }
}
