package io.pagetune.yaml;

import io.pagetune.error.SourceLocation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The text a YAML document was parsed from, to point at a place inside a scalar's value: a scalar's
 * location is where it starts (a block scalar starts at its {@code |}), but an error inside it
 * belongs on the line the user wrote the offending part on.
 */
public final class SourceText {
  private static final SourceText NONE = new SourceText("");
  private final String text;
  private final int[] lineStarts;

  private SourceText(String text) {
    this.text = text;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The text itself. */
  public String text() {
    return text;
  }

  public static SourceText of(String text) {
    return new SourceText(text);
  }

  /** The file's text; none when it cannot be read (locations then fall back to value starts). */
  public static SourceText read(Path file) {
    try {
      return new SourceText(InputFile.read(file, YamlReader.MAX_BYTES, file.toString(), "YAML"));
    } catch (RuntimeException e) {
      return NONE;
    }
  }

  /**
   * Where {@code value.substring(offset, offset + length)} of a scalar that starts at {@code start}
   * was written. Found by searching the written text from the scalar's start, so it is exact for
   * every scalar style as long as the part is written verbatim (no escapes inside it); otherwise
   * the scalar's start.
   */
  public SourceLocation locate(SourceLocation start, String value, int offset, int length) {
    int lineEnd = value.indexOf('\n', offset);
    int end = Math.min(offset + Math.max(length, 1), lineEnd < 0 ? value.length() : lineEnd);
    if (end <= offset) {
      return start;
    }
    String part = value.substring(offset, end);
    int occurrence = 0;
    for (int i = value.indexOf(part); i >= 0 && i < offset; i = value.indexOf(part, i + 1)) {
      occurrence++;
    }
    int from = index(start);
    if (from < 0) {
      return start;
    }
    int limit = from + value.length() * 6 + 64;
    int at = text.indexOf(part, from);
    for (int k = 0; k < occurrence && at >= 0; k++) {
      at = text.indexOf(part, at + 1);
    }
    if (at < 0 || at > limit) {
      return start;
    }
    return position(start.file(), at);
  }

  /** The location of a character offset of the whole text. */
  public SourceLocation position(String file, int index) {
    int line = lineOf(index);
    return new SourceLocation(file, line + 1, index - lineStarts[line] + 1);
  }

  private int lineOf(int index) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= index) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private int index(SourceLocation loc) {
    if (loc.line() < 1 || loc.line() > lineStarts.length) {
      return -1;
    }
    int i = lineStarts[loc.line() - 1] + Math.max(loc.column(), 1) - 1;
    return i <= text.length() ? i : -1;
  }
}
