package io.pagetune.targets.sap;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.Set;

/** A read-only {@code sapcontrol} call as a fact: its exit code (meaningful!) and its table. */
record SapcontrolCall(String function, int exitCode, SapcontrolOutput output) {
  private static final Set<String> READ_ONLY =
      Set.of("GetProcessList", "GetSystemInstanceList", "GetVersionInfo", "GetInstanceProperties");

  /** Success by sapcontrol's rules: 0, or 3/4 for GetProcessList. */
  public boolean success() {
    return SapcontrolExit.isSuccess(function, exitCode);
  }

  public SapcontrolExit exit() {
    return SapcontrolExit.of(exitCode);
  }

  public static Fact<SapcontrolCall> fact(String instanceNr, String function) {
    if (!instanceNr.matches("\\d{2}")) {
      throw new IllegalArgumentException("instance number must be two digits: " + instanceNr);
    }
    if (!READ_ONLY.contains(function)) {
      throw new IllegalArgumentException("not a read-only sapcontrol function: " + function);
    }
    return new ScriptFact<>(
        "sapcontrol_" + instanceNr + "_" + function,
        "sapcontrol -nr " + instanceNr + " -function " + function,
        r -> new SapcontrolCall(function, r.exitCode(), SapcontrolOutput.parse(r.stdout())));
  }
}
