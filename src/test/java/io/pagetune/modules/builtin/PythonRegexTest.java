package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PythonRegexTest {
  @Test
  void pythonOnlySyntaxIsTranslated() {
    assertEquals("(?<k>a)\\k<k>\\z", PythonRegex.translate("(?P<k>a)(?P=k)\\Z"));
    // inside a class nothing is rewritten, and a '[' is literal as in Python
    assertEquals("[\\[(?P<]", PythonRegex.translate("[[(?P<]"));
    assertEquals("[\\]a]", PythonRegex.translate("[]a]"));
    assertEquals("[^\\]a]", PythonRegex.translate("[^]a]"));
  }

  @Test
  void linesEndAtNewlineOnlyAndDigitsAreUnicode() {
    Pattern p = PythonRegex.compile("^x$", Pattern.MULTILINE);
    assertTrue(p.matcher("a\nx\nb").find());
    assertTrue(!p.matcher("x\r\n").find());
    assertTrue(PythonRegex.compile("^\\d+$", 0).matcher("\u0663\u0664").matches());
  }
}
