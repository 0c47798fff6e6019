package io.pagetune.modules.builtin;

import io.pagetune.modules.builtin.TextLines.Line;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The pure text edit behind {@code blockinfile}: the lines between the begin and end marker lines
 * (markers included) are replaced by the new block, or removed; without markers the block is
 * inserted after the last {@code insertafter} match, before the last {@code insertbefore} match, or
 * at the end.
 *
 * @param block the block's lines, without markers; empty = remove the block
 * @param insertAfter null, "EOF" or a regular expression
 * @param insertBefore null, "BOF" or a regular expression
 */
record BlockEdit(
    String beginMarker,
    String endMarker,
    List<String> block,
    String insertAfter,
    String insertBefore) {

  BlockEdit {
    block = List.copyOf(block);
  }

  /** The edited lines and what happened ("" = nothing). */
  record Result(List<Line> lines, String message) {
    Result {
      lines = List.copyOf(lines);
    }
  }

  /** Splits a block value into lines; a final newline does not make an extra empty line. */
  static List<String> blockLines(String block) {
    if (block.isEmpty()) {
      return List.of();
    }
    String body = block.endsWith("\n") ? block.substring(0, block.length() - 1) : block;
    body = body.endsWith("\r") ? body.substring(0, body.length() - 1) : body;
    return List.of(body.split("\r?\n", -1));
  }

  Result apply(List<Line> original) {
    List<Line> lines = new ArrayList<>(original);
    int begin = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      String text = lines.get(i).text();
      if (text.equals(beginMarker)) {
        begin = i;
      }
      if (text.equals(endMarker)) {
        end = i;
      }
    }
    boolean hadBlock = begin >= 0 && end >= 0;
    if (!hadBlock && block.isEmpty()) {
      return new Result(lines, "");
    }
    String newline = TextLines.newline(lines);
    int at;
    boolean removedLastLine = false;
    if (hadBlock) {
      int from = Math.min(begin, end);
      int to = Math.max(begin, end);
      removedLastLine = to == lines.size() - 1;
      lines.subList(from, to + 1).clear();
      at = from;
    } else {
      at = insertionPoint(lines);
    }
    if (at > 0) {
      lines.set(at - 1, lines.get(at - 1).terminated(newline));
    }
    List<Line> inserted = new ArrayList<>();
    if (!block.isEmpty()) {
      inserted.add(new Line(beginMarker, newline));
      block.forEach(b -> inserted.add(new Line(b, newline)));
      inserted.add(new Line(endMarker, newline));
    }
    lines.addAll(at, inserted);
    if (removedLastLine) {
      TextLines.keepUnterminatedEnd(lines, TextLines.endsWithNewline(original));
    }
    if (lines.equals(original)) {
      return new Result(lines, "");
    }
    // ansible.builtin.blockinfile says "Block inserted" for a replaced block too
    String message = block.isEmpty() ? "Block removed" : "Block inserted";
    return new Result(lines, message);
  }

  private int insertionPoint(List<Line> lines) {
    Pattern anchor = null;
    if (insertAfter != null && !insertAfter.equals("EOF")) {
      anchor = Pattern.compile(insertAfter);
    } else if (insertBefore != null && !insertBefore.equals("BOF")) {
      anchor = Pattern.compile(insertBefore);
    } else if ("BOF".equals(insertBefore)) {
      return 0;
    }
    if (anchor == null) {
      return lines.size();
    }
    int found = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (anchor.matcher(lines.get(i).text()).find()) {
        found = i;
      }
    }
    if (found < 0) {
      return lines.size();
    }
    return insertAfter != null ? found + 1 : found;
  }
}
