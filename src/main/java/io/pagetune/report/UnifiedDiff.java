package io.pagetune.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Renders the difference between two texts as a unified diff (the format {@code diff -u} and {@code
 * patch} use). Lines are compared with their terminators, so a lost final newline shows as a change
 * with a {@code \ No newline at end of file} marker. The line matching is a longest common
 * subsequence found with Myers' linear-space algorithm, so large files with few edits stay cheap.
 */
public final class UnifiedDiff {
  private static final String NO_NEWLINE = "\\ No newline at end of file\n";

  private UnifiedDiff() {}

  /**
   * @param context unchanged lines shown around each change (3 is what {@code diff -u} uses)
   * @return the diff, or an empty string when the texts are equal
   */
  public static String of(String path, String before, String after, int context) {
    if (context < 0) {
      throw new IllegalArgumentException("context must not be negative");
    }
    if (before.equals(after)) {
      return "";
    }
    List<String> a = splitLines(before);
    List<String> b = splitLines(after);
    LineMatcher matcher = new LineMatcher(a, b);
    List<Edit> edits = matcher.edits();
    StringBuilder out = new StringBuilder();
    out.append("--- before: ").append(path).append('\n');
    out.append("+++ after: ").append(path).append('\n');
    for (int[] range : hunkRanges(edits, context)) {
      appendHunk(out, edits.subList(range[0], range[1]), a.size(), b.size());
    }
    return out.toString();
  }

  /** Splits after each '\n'; the last element lacks it when the text has no final newline. */
  static List<String> splitLines(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }

  /** Index ranges [from, to) into the edit list, one per hunk, each padded with context. */
  private static List<int[]> hunkRanges(List<Edit> edits, int context) {
    List<int[]> ranges = new ArrayList<>();
    int i = 0;
    while (i < edits.size()) {
      if (edits.get(i).kind() == Kind.EQUAL) {
        i++;
        continue;
      }
      int from = Math.max(0, i - context);
      if (!ranges.isEmpty() && from <= ranges.get(ranges.size() - 1)[1]) {
        from = ranges.remove(ranges.size() - 1)[0];
      }
      int end = i;
      while (end < edits.size() && edits.get(end).kind() != Kind.EQUAL) {
        end++;
      }
      int to = Math.min(edits.size(), end + context);
      ranges.add(new int[] {from, to});
      i = end;
    }
    return ranges;
  }

  private static void appendHunk(StringBuilder out, List<Edit> hunk, int aSize, int bSize) {
    int aStart = -1;
    int bStart = -1;
    int aCount = 0;
    int bCount = 0;
    int aBefore = 0;
    int bBefore = 0;
    Edit first = hunk.get(0);
    // lines of each side that precede the hunk: the position an empty range is reported at
    aBefore = first.aIndex();
    bBefore = first.bIndex();
    for (Edit e : hunk) {
      if (e.kind() != Kind.INSERT) {
        aStart = aStart < 0 ? e.aIndex() : aStart;
        aCount++;
      }
      if (e.kind() != Kind.DELETE) {
        bStart = bStart < 0 ? e.bIndex() : bStart;
        bCount++;
      }
    }
    out.append("@@ -")
        .append(range(aStart, aCount, aBefore))
        .append(" +")
        .append(range(bStart, bCount, bBefore))
        .append(" @@\n");
    for (Edit e : hunk) {
      char sign = e.kind() == Kind.EQUAL ? ' ' : e.kind() == Kind.DELETE ? '-' : '+';
      String line = e.line();
      out.append(sign);
      if (line.endsWith("\n")) {
        out.append(line);
      } else {
        out.append(line).append('\n').append(NO_NEWLINE);
      }
    }
  }

  /** GNU style: "start" for one line, "start,count" otherwise, "before,0" for none. */
  private static String range(int start, int count, int before) {
    if (count == 0) {
      return before + ",0";
    }
    if (count == 1) {
      return String.valueOf(start + 1);
    }
    return (start + 1) + "," + count;
  }

  enum Kind {
    EQUAL,
    DELETE,
    INSERT
  }

  /** One line of the edit script, with its 0-based position in each text. */
  record Edit(Kind kind, String line, int aIndex, int bIndex) {}

  /**
   * Marks the lines of each side that are not part of a longest common subsequence, by Myers'
   * middle-snake recursion (O((N+M)·D) time, linear space).
   */
  static final class LineMatcher {
    private final List<String> a;
    private final List<String> b;
    private final boolean[] deleted;
    private final boolean[] inserted;
    private final int[] forward;
    private final int[] backward;

    LineMatcher(List<String> a, List<String> b) {
      this.a = a;
      this.b = b;
      this.deleted = new boolean[a.size()];
      this.inserted = new boolean[b.size()];
      int size = 2 * (a.size() + b.size()) + 3;
      this.forward = new int[size];
      this.backward = new int[size];
    }

    List<Edit> edits() {
      compare(0, a.size(), 0, b.size());
      List<Edit> edits = new ArrayList<>();
      int i = 0;
      int j = 0;
      while (i < a.size() || j < b.size()) {
        if (i < a.size() && deleted[i]) {
          edits.add(new Edit(Kind.DELETE, a.get(i), i, j));
          i++;
        } else if (j < b.size() && inserted[j]) {
          edits.add(new Edit(Kind.INSERT, b.get(j), i, j));
          j++;
        } else {
          edits.add(new Edit(Kind.EQUAL, a.get(i), i, j));
          i++;
          j++;
        }
      }
      return edits;
    }

    private void compare(int aLo, int aHi, int bLo, int bHi) {
      while (aLo < aHi && bLo < bHi && a.get(aLo).equals(b.get(bLo))) {
        aLo++;
        bLo++;
      }
      while (aLo < aHi && bLo < bHi && a.get(aHi - 1).equals(b.get(bHi - 1))) {
        aHi--;
        bHi--;
      }
      if (aLo == aHi) {
        for (int j = bLo; j < bHi; j++) {
          inserted[j] = true;
        }
        return;
      }
      if (bLo == bHi) {
        for (int i = aLo; i < aHi; i++) {
          deleted[i] = true;
        }
        return;
      }
      int[] snake = middleSnake(aLo, aHi, bLo, bHi);
      compare(aLo, snake[0], bLo, snake[1]);
      compare(snake[2], aHi, snake[3], bHi);
    }

    /**
     * Finds the middle snake of an optimal path through the edit graph of a[aLo,aHi) and
     * b[bLo,bHi): returns {x0, y0, x1, y1} in absolute indexes, the snake running from (x0,y0) to
     * (x1,y1). Both halves around it need strictly fewer edits, so the recursion terminates.
     */
    private int[] middleSnake(int aLo, int aHi, int bLo, int bHi) {
      int n = aHi - aLo;
      int m = bHi - bLo;
      int delta = n - m;
      boolean odd = (delta & 1) != 0;
      int offset = n + m + 1;
      int max = (n + m + 1) / 2;
      forward[offset + 1] = 0;
      backward[offset + 1] = 0;
      for (int d = 0; d <= max; d++) {
        for (int k = -d; k <= d; k += 2) {
          int x;
          if (k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1])) {
            x = forward[offset + k + 1];
          } else {
            x = forward[offset + k - 1] + 1;
          }
          int y = x - k;
          int x0 = x;
          int y0 = y;
          while (x < n && y < m && a.get(aLo + x).equals(b.get(bLo + y))) {
            x++;
            y++;
          }
          forward[offset + k] = x;
          int c = delta - k;
          if (odd && c >= -(d - 1) && c <= d - 1 && x + backward[offset + c] >= n) {
            return new int[] {aLo + x0, bLo + y0, aLo + x, bLo + y};
          }
        }
        for (int k = -d; k <= d; k += 2) {
          int x;
          if (k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1])) {
            x = backward[offset + k + 1];
          } else {
            x = backward[offset + k - 1] + 1;
          }
          int y = x - k;
          int x0 = x;
          int y0 = y;
          while (x < n && y < m && a.get(aHi - 1 - x).equals(b.get(bHi - 1 - y))) {
            x++;
            y++;
          }
          backward[offset + k] = x;
          int c = delta - k;
          if (!odd && c >= -d && c <= d && x + forward[offset + c] >= n) {
            return new int[] {aHi - x, bHi - y, aHi - x0, bHi - y0};
          }
        }
      }
      throw new IllegalStateException("no middle snake found");
    }
  }
}
