package io.pagetune.targets.sap;

/**
 * Exit codes of {@code sapcontrol} (domain.md §1.8). 3 and 4 are success for GetProcessList: they
 * say whether all processes run or all are stopped.
 */
enum SapcontrolExit {
  OK(0, "last web method call succeeded"),
  FAILED(1, "the call failed or a parameter was invalid"),
  TIMED_OUT(2, "the wait function timed out"),
  ALL_RUNNING(3, "GetProcessList succeeded; all processes are running"),
  ALL_STOPPED(4, "GetProcessList succeeded; all processes are stopped"),
  OTHER(-1, "unexpected exit code");

  private final int code;
  private final String meaning;

  SapcontrolExit(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  public static SapcontrolExit of(int code) {
    for (SapcontrolExit e : values()) {
      if (e.code == code && e != OTHER) {
        return e;
      }
    }
    return OTHER;
  }

  public String meaning() {
    return meaning;
  }

  /** Whether {@code code} means the call of {@code function} worked. */
  public static boolean isSuccess(String function, int code) {
    SapcontrolExit e = of(code);
    if (e == OK) {
      return true;
    }
    return function.equals("GetProcessList") && (e == ALL_RUNNING || e == ALL_STOPPED);
  }
}
