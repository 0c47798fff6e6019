package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class UnifiedDiffTest {
  private static final String HEAD = "--- before: /etc/x\n+++ after: /etc/x\n";

  @Test
  void equalTextsGiveNothing() {
    assertEquals("", UnifiedDiff.of("/etc/x", "a\nb\n", "a\nb\n", 3));
    assertEquals("", UnifiedDiff.of("/etc/x", "", "", 3));
  }

  @Test
  void oneChangedLineWithContext() {
    assertEquals(
        HEAD + "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n",
        UnifiedDiff.of("/etc/x", "a\nb\nc\n", "a\nB\nc\n", 3));
  }

  @Test
  void singleLineRangesOmitTheCount() {
    assertEquals(HEAD + "@@ -1 +1 @@\n-a\n+b\n", UnifiedDiff.of("/etc/x", "a\n", "b\n", 3));
  }

  @Test
  void newFileAndDeletedContentUseEmptyRanges() {
    assertEquals(HEAD + "@@ -0,0 +1,2 @@\n+x\n+y\n", UnifiedDiff.of("/etc/x", "", "x\ny\n", 3));
    assertEquals(HEAD + "@@ -1 +0,0 @@\n-a\n", UnifiedDiff.of("/etc/x", "a\n", "", 3));
  }

  @Test
  void insertionWithoutContextIsReportedAfterThePrecedingLine() {
    assertEquals(HEAD + "@@ -1,0 +2 @@\n+b\n", UnifiedDiff.of("/etc/x", "a\nc\n", "a\nb\nc\n", 0));
  }

  @Test
  void missingFinalNewlineIsMarked() {
    assertEquals(
        HEAD + "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
        UnifiedDiff.of("/etc/x", "a\nb", "a\nb\n", 3));
    assertEquals(
        HEAD + "@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n",
        UnifiedDiff.of("/etc/x", "a\nb\n", "a\nc", 3));
  }

  @Test
  void unchangedLastLineWithoutNewlineIsMarkedInContext() {
    assertEquals(
        HEAD + "@@ -1,2 +1,2 @@\n-a\n+A\n z\n\\ No newline at end of file\n",
        UnifiedDiff.of("/etc/x", "a\nz", "A\nz", 3));
  }

  @Test
  void distantChangesMakeSeparateHunksAndCloseOnesMerge() {
    String before = numbered(10, -1, -1);
    String after = numbered(10, 2, 9);
    assertEquals(
        HEAD + "@@ -1,3 +1,3 @@\n l1\n-l2\n+L2\n l3\n" + "@@ -8,3 +8,3 @@\n l8\n-l9\n+L9\n l10\n",
        UnifiedDiff.of("/etc/x", before, after, 1));
    // with 3 lines of context the six unchanged lines between the changes join the hunks
    String merged = UnifiedDiff.of("/etc/x", before, after, 3);
    assertEquals(1, count(merged, "@@ -"));
    assertTrue(merged.contains("@@ -1,10 +1,10 @@\n"), merged);
  }

  @Test
  void contextIsClippedAtTheEdges() {
    String before = numbered(20, -1, -1);
    String after = numbered(20, 10, -1);
    assertEquals(
        HEAD + "@@ -7,7 +7,7 @@\n l7\n l8\n l9\n-l10\n+L10\n l11\n l12\n l13\n",
        UnifiedDiff.of("/etc/x", before, after, 3));
  }

  @Test
  void anInsertedLineBetweenEqualOnesIsNotShownAsAReplacement() {
    String before = "vm.swappiness = 10\nkernel.shmmax = 1\n";
    String after = "vm.swappiness = 10\nvm.nr_hugepages = 6144\nkernel.shmmax = 1\n";
    assertEquals(
        HEAD
            + "@@ -1,2 +1,3 @@\n vm.swappiness = 10\n+vm.nr_hugepages = 6144\n kernel.shmmax = 1\n",
        UnifiedDiff.of("/etc/x", before, after, 3));
  }

  @Test
  void negativeContextIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UnifiedDiff.of("p", "a", "b", -1));
  }

  /**
   * Property: for random texts the diff, applied by an independent patcher, turns before into
   * after, and it changes exactly the lines a longest common subsequence leaves out (minimal).
   */
  @Test
  void randomTextsRoundTripAndTheDiffIsMinimal() {
    Random random = new Random(42);
    for (int round = 0; round < 2000; round++) {
      List<String> a = randomLines(random);
      List<String> b = random.nextInt(4) == 0 ? mutate(a, random) : randomLines(random);
      String before = String.join("", a);
      String after = String.join("", b);
      int context = random.nextInt(4);
      String diff = UnifiedDiff.of("f", before, after, context);
      String label = "before=" + show(before) + " after=" + show(after) + " context=" + context;
      if (before.equals(after)) {
        assertEquals("", diff, label);
        continue;
      }
      assertEquals(after, Patcher.apply(before, diff), label + "\n" + diff);
      int changed = changedLines(diff);
      int lcs = lcs(UnifiedDiff.splitLines(before), UnifiedDiff.splitLines(after));
      int expected =
          UnifiedDiff.splitLines(before).size() + UnifiedDiff.splitLines(after).size() - 2 * lcs;
      assertEquals(expected, changed, label + "\n" + diff);
    }
  }

  @Test
  void largeFilesWithFewChangesStayFast() {
    StringBuilder before = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      before.append("line ").append(i).append('\n');
    }
    String after = before.toString().replace("line 100000\n", "changed\n") + "tail\n";
    long start = System.nanoTime();
    String diff = UnifiedDiff.of("big", before.toString(), after, 3);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertEquals(2, count(diff, "@@ -"));
    assertTrue(millis < 5000, "took " + millis + " ms");
    assertEquals(after, Patcher.apply(before.toString(), diff));
  }

  private static List<String> randomLines(Random random) {
    String[] alphabet = {"a\n", "b\n", "c\n", "d\n", "e\n"};
    int n = random.nextInt(12);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lines.add(alphabet[random.nextInt(alphabet.length)]);
    }
    if (!lines.isEmpty() && random.nextInt(3) == 0) {
      // last line without its newline
      String last = lines.remove(lines.size() - 1);
      lines.add(last.substring(0, 1));
    }
    return lines;
  }

  private static List<String> mutate(List<String> a, Random random) {
    List<String> b = new ArrayList<>(a);
    int edits = 1 + random.nextInt(3);
    for (int i = 0; i < edits; i++) {
      int at = b.isEmpty() ? 0 : random.nextInt(b.size());
      if (random.nextBoolean() && !b.isEmpty()) {
        b.remove(at);
      } else {
        b.add(at, "x\n");
      }
    }
    return b;
  }

  private static int lcs(List<String> a, List<String> b) {
    int[][] t = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        t[i][j] =
            a.get(i).equals(b.get(j)) ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
      }
    }
    return t[0][0];
  }

  private static int changedLines(String diff) {
    List<String> lines = List.of(diff.split("\n"));
    return (int)
        lines.subList(2, lines.size()).stream()
            .filter(l -> l.startsWith("-") || l.startsWith("+"))
            .count();
  }

  private static String numbered(int n, int upper1, int upper2) {
    return IntStream.rangeClosed(1, n)
        .mapToObj(i -> (i == upper1 || i == upper2 ? "L" : "l") + i + "\n")
        .collect(Collectors.joining());
  }

  private static int count(String s, String what) {
    return s.split(Pattern.quote(what), -1).length - 1;
  }

  private static String show(String s) {
    return "'" + s.replace("\n", "\\n") + "'";
  }

  /** An independent, strict applier of unified diffs: every context and removed line must match. */
  static final class Patcher {
    private static final Pattern HUNK =
        Pattern.compile("@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    static String apply(String before, String diff) {
      List<String> old = UnifiedDiff.splitLines(before);
      List<String> lines = new ArrayList<>(List.of(diff.split("\n", -1)));
      lines.remove(lines.size() - 1); // after the final '\n'
      assertTrue(lines.get(0).startsWith("--- before: "));
      assertTrue(lines.get(1).startsWith("+++ after: "));
      StringBuilder out = new StringBuilder();
      int pos = 0; // lines of old consumed
      int i = 2;
      while (i < lines.size()) {
        Matcher m = HUNK.matcher(lines.get(i));
        assertTrue(m.matches(), "hunk header expected: " + lines.get(i));
        int start = Integer.parseInt(m.group(1));
        int count = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int firstOld = count == 0 ? start : start - 1;
        assertTrue(firstOld >= pos, "hunks overlap or go backwards");
        while (pos < firstOld) {
          out.append(old.get(pos++));
        }
        i++;
        int seenOld = 0;
        int seenNew = 0;
        int newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        while (i < lines.size() && !lines.get(i).startsWith("@@ ")) {
          String l = lines.get(i);
          boolean noNewline =
              i + 1 < lines.size() && lines.get(i + 1).equals("\\ No newline at end of file");
          String content = l.substring(1) + (noNewline ? "" : "\n");
          char sign = l.charAt(0);
          if (sign == ' ' || sign == '-') {
            assertEquals(old.get(pos), content, "context/removed line differs");
            pos++;
            seenOld++;
          }
          if (sign == ' ' || sign == '+') {
            out.append(content);
            seenNew++;
          }
          assertTrue(sign == ' ' || sign == '-' || sign == '+', "bad line: " + l);
          i += noNewline ? 2 : 1;
        }
        assertEquals(count, seenOld, "old count in header");
        assertEquals(newCount, seenNew, "new count in header");
      }
      while (pos < old.size()) {
        out.append(old.get(pos++));
      }
      return out.toString();
    }
  }
}
