package io.pagetune.targets.sap;

import java.util.Arrays;
import java.util.List;

/** One instance of {@code sapcontrol -function GetSystemInstanceList}. */
record SystemInstance(
    String hostname,
    String instanceNr,
    String httpPort,
    String httpsPort,
    String startPriority,
    String features,
    String dispstatus) {

  /** The instance kind, from its {@code features} (domain.md §1.8). */
  enum Type {
    ASCS,
    ERS,
    APPLICATION_SERVER,
    HANA,
    UNKNOWN
  }

  public List<String> featureList() {
    return Arrays.stream(features.split("\\|"))
        .map(String::strip)
        .filter(f -> !f.isEmpty())
        .toList();
  }

  public Type type() {
    List<String> f = featureList();
    if (f.contains("MESSAGESERVER")) {
      return Type.ASCS;
    }
    if (f.contains("ENQREP")) {
      return Type.ERS;
    }
    if (f.contains("HDB") || f.contains("HDB_WORKER")) {
      return Type.HANA;
    }
    if (f.contains("ABAP") || f.contains("J2EE")) {
      return Type.APPLICATION_SERVER;
    }
    return Type.UNKNOWN;
  }

  /** Two-digit instance number ({@code 0} is printed for instance 00). */
  public String instanceNumber() {
    return instanceNr.length() == 1 ? "0" + instanceNr : instanceNr;
  }

  public StateColor color() {
    return StateColor.of(dispstatus);
  }
}
