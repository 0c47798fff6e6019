package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BackrefExpanderTest {
  private static Matcher match(String regexp, String text) {
    Matcher m = Pattern.compile(regexp).matcher(text);
    assertTrue(m.find());
    return m;
  }

  @Test
  void numberedAndNamedGroups() {
    Matcher m = match("(?<k>\\w+)=(\\w+)", "size=4K");
    assertEquals("size: 4K", BackrefExpander.expand("\\1: \\2", m));
    assertEquals("size: 4K", BackrefExpander.expand("\\g<k>: \\g<2>", m));
  }

  @Test
  void twoDigitGroupsOnlyWhenTheyExist() {
    Matcher m = match("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "abcdefghijk");
    assertEquals("k", BackrefExpander.expand("\\11", m));
    Matcher few = match("(a)", "a");
    assertEquals("a1", BackrefExpander.expand("\\11", few));
  }

  @Test
  void unmatchedGroupsAreEmptyAndOtherEscapesStay() {
    Matcher m = match("(a)|(b)", "a");
    assertEquals("a<>\\n\\t", BackrefExpander.expand("\\1<\\2>\\n\\t", m));
    assertEquals("\\", BackrefExpander.expand("\\\\", m));
  }

  @Test
  void unknownGroupsAreErrors() {
    Matcher m = match("(a)", "a");
    assertThrows(IllegalArgumentException.class, () -> BackrefExpander.expand("\\3", m));
    assertThrows(IllegalArgumentException.class, () -> BackrefExpander.expand("\\g<nope>", m));
    assertThrows(IllegalArgumentException.class, () -> BackrefExpander.expand("\\g<1", m));
  }
}
