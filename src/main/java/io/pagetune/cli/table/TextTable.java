package io.pagetune.cli.table;

import java.util.ArrayList;
import java.util.List;

/**
 * The one text table of the CLI (facts, history, schedule, status): columns padded to their widest
 * cell, two spaces apart, and when the table is wider than the terminal the widest columns give up
 * width first and their long cells end in "…", so one long value (an unreachable host's error)
 * never makes every row wrap. Line breaks in a cell become spaces, other control characters (from
 * hosts) are shown escaped.
 */
public final class TextTable {
  /** No column is squeezed below this (or its header, if shorter). */
  static final int MIN_COLUMN = 8;

  private static final String GAP = "  ";
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  public TextTable(List<String> header) {
    if (header.isEmpty()) {
      throw new IllegalArgumentException("a table needs a column");
    }
    this.header = List.copyOf(header);
  }

  public TextTable(String... header) {
    this(List.of(header));
  }

  /** Adds a row; missing cells are empty, extra cells are an error. */
  public TextTable row(List<String> cells) {
    if (cells.size() > header.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.size() + " cells for " + header.size() + " columns");
    }
    List<String> r = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      r.add(i < cells.size() && cells.get(i) != null ? flat(cells.get(i)) : "");
    }
    rows.add(r);
    return this;
  }

  public TextTable row(String... cells) {
    return row(List.of(cells));
  }

  /** One line: line breaks become spaces, other controls are escaped before widths count. */
  private static String flat(String s) {
    return io.pagetune.report.TerminalText.escapeInline(s.replaceAll("[\\r\\n\\t]+", " "));
  }

  /** The table within {@code width} columns ({@link Integer#MAX_VALUE}: never truncated). */
  public String render(int width) {
    int[] w = fit(width);
    StringBuilder sb = new StringBuilder();
    line(sb, header, w);
    rows.forEach(r -> line(sb, r, w));
    return sb.toString();
  }

  private int[] fit(int width) {
    int n = header.size();
    int[] w = new int[n];
    for (int i = 0; i < n; i++) {
      w[i] = header.get(i).length();
      for (List<String> r : rows) {
        w[i] = Math.max(w[i], r.get(i).length());
      }
    }
    int budget = width - GAP.length() * (n - 1);
    while (sum(w) > budget) {
      int widest = 0;
      for (int i = 1; i < n; i++) {
        if (w[i] > w[widest]) {
          widest = i;
        }
      }
      int floor = Math.min(MIN_COLUMN, Math.max(header.get(widest).length(), 1));
      if (w[widest] <= floor) {
        break; // nothing left to give: the terminal is narrower than the columns' minimum
      }
      w[widest]--;
    }
    return w;
  }

  private static int sum(int[] w) {
    int s = 0;
    for (int x : w) {
      s += x;
    }
    return s;
  }

  private static void line(StringBuilder sb, List<String> cells, int[] w) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      if (c.length() > w[i]) {
        c = c.substring(0, Math.max(0, w[i] - 1)) + "…";
      }
      line.append(c);
      if (i < cells.size() - 1) {
        line.append(" ".repeat(w[i] - c.length())).append(GAP);
      }
    }
    sb.append(line.toString().stripTrailing()).append('\n');
  }
}
