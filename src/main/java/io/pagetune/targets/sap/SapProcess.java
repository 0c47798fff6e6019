package io.pagetune.targets.sap;

/** One process of {@code sapcontrol -function GetProcessList}. */
record SapProcess(
    String name,
    String description,
    String dispstatus,
    String textstatus,
    String starttime,
    String elapsedtime,
    String pid) {

  /** GREEN or YELLOW counts as running, as the ClusterLabs SAPInstance agent does. */
  public boolean running() {
    return StateColor.of(dispstatus).running();
  }
}
