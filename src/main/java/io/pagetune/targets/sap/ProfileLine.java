package io.pagetune.targets.sap;

/**
 * One physical line of a SAP profile, kept verbatim ({@code text} without its line terminator) so
 * that an unchanged profile renders back byte for byte.
 *
 * <p>For a {@link Kind#PARAMETER} line, {@code key} and {@code value} are the trimmed parts around
 * the first {@code =}, and {@code valueStart}/{@code valueEnd} locate the value inside {@code text}
 * so that an edit can replace the value and keep the author's spacing.
 */
record ProfileLine(
    int number,
    String text,
    String terminator,
    Kind kind,
    String key,
    String value,
    int valueStart,
    int valueEnd) {

  /** What a line is, following the tolerant rules of domain.md §1.5. */
  enum Kind {
    BLANK,
    COMMENT,
    PARAMETER,
    MALFORMED
  }

  /** Classifies one line (1-based {@code number}). */
  public static ProfileLine of(int number, String text, String terminator) {
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      return new ProfileLine(number, text, terminator, Kind.BLANK, "", "", 0, 0);
    }
    if (trimmed.startsWith("#")) {
      return new ProfileLine(number, text, terminator, Kind.COMMENT, "", "", 0, 0);
    }
    int eq = text.indexOf('=');
    String key = eq < 0 ? "" : text.substring(0, eq).strip();
    if (key.isEmpty()) {
      return new ProfileLine(number, text, terminator, Kind.MALFORMED, "", "", 0, 0);
    }
    int start = eq + 1;
    while (start < text.length() && Character.isWhitespace(text.charAt(start))) {
      start++;
    }
    int end = text.length();
    while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
      end--;
    }
    return new ProfileLine(
        number, text, terminator, Kind.PARAMETER, key, text.substring(start, end), start, end);
  }

  public boolean isParameter() {
    return kind == Kind.PARAMETER;
  }

  /** This parameter line with its value replaced, spacing around the value kept. */
  public String textWithValue(String newValue) {
    if (kind != Kind.PARAMETER) {
      throw new IllegalStateException("line " + number + " is not a parameter line");
    }
    return text.substring(0, valueStart) + newValue + text.substring(valueEnd);
  }
}
