package io.pagetune.error;

/** Where a value came from: file, 1-based line and column. Printed as {@code file:line:col}. */
public record SourceLocation(String file, int line, int column) {
  public static final SourceLocation UNKNOWN = new SourceLocation("<unknown>", 0, 0);

  public static SourceLocation of(String file) {
    return new SourceLocation(file, 1, 1);
  }

  @Override
  public String toString() {
    return file + ":" + line + ":" + column;
  }
}
