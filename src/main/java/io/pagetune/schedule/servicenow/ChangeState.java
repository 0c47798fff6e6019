package io.pagetune.schedule.servicenow;

import java.util.Locale;

/**
 * The classic change request state model (engine.md §4.3): numeric codes as the Table API returns
 * them by default, and the display names it returns with {@code sysparm_display_value=true}.
 */
public enum ChangeState {
  NEW(-5, "New"),
  ASSESS(-4, "Assess"),
  AUTHORIZE(-3, "Authorize"),
  SCHEDULED(-2, "Scheduled"),
  IMPLEMENT(-1, "Implement"),
  REVIEW(0, "Review"),
  CLOSED(3, "Closed"),
  CANCELED(4, "Canceled"),
  UNKNOWN(Integer.MIN_VALUE, "Unknown");

  private final int code;
  private final String display;

  ChangeState(int code, String display) {
    this.code = code;
    this.display = display;
  }

  public int code() {
    return code;
  }

  public String display() {
    return display;
  }

  /** Only an authorised change that is scheduled or being implemented allows work. */
  public boolean allowsWork() {
    return this == SCHEDULED || this == IMPLEMENT;
  }

  /** From a numeric code ("-2") or a display value ("Scheduled", "Cancelled"). */
  public static ChangeState of(String text) {
    String t = text == null ? "" : text.strip();
    for (ChangeState s : values()) {
      if (s != UNKNOWN && (t.equals(Integer.toString(s.code)) || t.equalsIgnoreCase(s.display))) {
        return s;
      }
    }
    if (t.toLowerCase(Locale.ROOT).equals("cancelled")) {
      return CANCELED;
    }
    return UNKNOWN;
  }
}
