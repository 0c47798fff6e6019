package io.pagetune.targets.sap;

import java.util.Map;
import java.util.Optional;

/**
 * Whether the SAP kernel is new enough for 64K pages through LDR_CNTRL (SAP Note 3283320 as quoted
 * in domain.md §1.7): 7.53 from PL 1112, 7.54 from PL 110. Any other release is UNKNOWN, never OK.
 */
record LdrCntrlPrecondition(Status status, String reason) {
  enum Status {
    OK,
    REFUSED,
    UNKNOWN
  }

  private static final Map<Integer, Integer> MINIMUM_PATCH = Map.of(753, 1112, 754, 110);

  public static LdrCntrlPrecondition evaluate(Optional<SapKernelVersion> version) {
    if (version.isEmpty()) {
      return new LdrCntrlPrecondition(
          Status.UNKNOWN, "SAP kernel release and patch level could not be read");
    }
    SapKernelVersion v = version.get();
    Integer min = MINIMUM_PATCH.get(v.release());
    if (min == null) {
      return new LdrCntrlPrecondition(
          Status.UNKNOWN,
          "kernel " + v + ": the note covers only 7.53 and 7.54; check the release by hand");
    }
    SapKernelVersion needed = new SapKernelVersion(v.release(), min);
    if (v.patch() < min) {
      return new LdrCntrlPrecondition(
          Status.REFUSED, "kernel " + v + " is below the minimum " + needed + " for LDR_CNTRL");
    }
    return new LdrCntrlPrecondition(Status.OK, "kernel " + v + " meets the minimum " + needed);
  }

  public boolean ok() {
    return status == Status.OK;
  }
}
