package io.pagetune.modules.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ArgvSplitterTest {
  @Test
  void splitsOnBlanks() {
    assertEquals(List.of("ls", "-l", "/tmp"), ArgvSplitter.split("  ls\t-l   /tmp \n"));
  }

  @Test
  void singleQuotesKeepEverythingLiterally() {
    assertEquals(List.of("echo", "a \"b\" \\c $d"), ArgvSplitter.split("echo 'a \"b\" \\c $d'"));
  }

  @Test
  void doubleQuotesHonourOnlyTheShellEscapes() {
    assertEquals(
        List.of("printf", "x \"q\" \\ $v ` \\n"),
        ArgvSplitter.split("printf \"x \\\"q\\\" \\\\ \\$v \\` \\n\""));
  }

  @Test
  void adjacentPartsFormOneWord() {
    assertEquals(List.of("--opt=a b'c"), ArgvSplitter.split("--opt='a b'\"'c\""));
    assertEquals(List.of(""), ArgvSplitter.split("''"));
    assertEquals(List.of("a", "", "b"), ArgvSplitter.split("a \"\" b"));
  }

  @Test
  void backslashEscapesOutsideQuotesAndContinuesLines() {
    assertEquals(List.of("a b", "c"), ArgvSplitter.split("a\\ b \\\nc"));
  }

  @Test
  void shellSyntaxIsNotInterpreted() {
    assertEquals(
        List.of("echo", "$HOME", "*", "|", "wc", ">", "out", "#", "x;y"),
        ArgvSplitter.split("echo $HOME * | wc > out # x;y"));
  }

  @Test
  void unterminatedQuotesAndTrailingBackslashAreErrors() {
    assertThrows(IllegalArgumentException.class, () -> ArgvSplitter.split("echo 'oops"));
    assertThrows(IllegalArgumentException.class, () -> ArgvSplitter.split("echo \"oops"));
    assertThrows(IllegalArgumentException.class, () -> ArgvSplitter.split("echo oops\\"));
  }

  @Test
  void emptyInputHasNoWords() {
    assertEquals(List.of(), ArgvSplitter.split("   "));
  }
}
