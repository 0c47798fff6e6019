package io.pagetune.schedule.window;

/** A cron expression that does not parse; {@link #column()} is 1-based within the expression. */
public final class CronSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;
  private final int column;
  private final String reason;

  public CronSyntaxException(int column, String reason) {
    super("column " + column + ": " + reason);
    this.column = column;
    this.reason = reason;
  }

  public int column() {
    return column;
  }

  public String reason() {
    return reason;
  }
}
