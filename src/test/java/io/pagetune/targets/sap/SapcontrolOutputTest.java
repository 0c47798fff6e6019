package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SapcontrolOutputTest {
  private static SapcontrolOutput read(String name) {
    return SapcontrolOutput.parse(Fixtures.read("facts/sapcontrol/" + name));
  }

  @Test
  void domainSystemInstanceList() {
    SapcontrolOutput o = read("get_system_instance_list.txt");
    assertEquals(Optional.of("GetSystemInstanceList"), o.function());
    assertTrue(o.ok());
    List<SystemInstance> inst = o.instances();
    assertEquals(2, inst.size());
    assertEquals(SystemInstance.Type.ERS, inst.get(0).type());
    assertEquals("01", inst.get(0).instanceNumber());
    assertEquals("0.5", inst.get(0).startPriority());
    assertEquals(SystemInstance.Type.ASCS, inst.get(1).type());
    assertEquals(List.of("MESSAGESERVER", "ENQUE"), inst.get(1).featureList());
    assertEquals(StateColor.GREEN, inst.get(1).color());
  }

  @Test
  void processListFoldsCommasIntoTextstatus() {
    SapcontrolOutput o = read("get_process_list.txt");
    List<SapProcess> p = o.processes();
    assertEquals(3, p.size());
    assertEquals(
        "Running, Message Server connection ok, Dialog Queue time: 0.00 sec",
        p.get(0).textstatus());
    assertEquals("351270", p.get(0).pid());
    assertEquals("14:19:48", p.get(0).elapsedtime());
    assertEquals("IGS Watchdog", p.get(1).description());
    assertEquals("-1", p.get(2).pid());
    assertEquals("", p.get(2).starttime());
    assertFalse(p.get(2).running());
    assertTrue(p.get(0).running());
  }

  @Test
  void scriptFormat() {
    SapcontrolOutput o = read("get_process_list_script.txt");
    assertEquals(Optional.of("GetProcessList"), o.function());
    List<SapProcess> p = o.processes();
    assertEquals(2, p.size());
    assertEquals("disp+work", p.get(0).name());
    assertEquals("12345", p.get(0).pid());
    assertEquals(
        "Running, Message Server connection ok, Dialog Queue time: 0.00 sec",
        p.get(0).textstatus());
    assertTrue(p.get(1).running(), "YELLOW counts as running");
  }

  @Test
  void parameterValueScriptFormat() {
    String out =
        "29.11.2026 21:30:00\nParameterValue\nOK\n0 : /usr/sap/NWP/SYS/profile/NWP_D00_host\n";
    assertEquals(
        Optional.of("/usr/sap/NWP/SYS/profile/NWP_D00_host"), SapcontrolOutput.parameterValue(out));
    assertTrue(SapcontrolOutput.parse(out).rows().isEmpty(), "not a table row");
    assertTrue(SapcontrolOutput.parameterValue("FAIL: Permission denied\n").isEmpty());
  }

  @Test
  void processListFactKeepsExitCodeMeaning() {
    var fact = SapcontrolCall.fact("00", "GetProcessList");
    assertEquals("sapcontrol -nr 00 -function GetProcessList", fact.script());
    SapcontrolCall running =
        fact.parse(CommandResult.of(3, Fixtures.read("facts/sapcontrol/get_process_list.txt"), ""));
    assertTrue(running.success());
    assertEquals(SapcontrolExit.ALL_RUNNING, running.exit());
    assertEquals(3, running.output().processes().size());
    SapcontrolCall failed =
        fact.parse(CommandResult.of(1, Fixtures.read("facts/sapcontrol/fail.txt"), ""));
    assertFalse(failed.success());
    assertThrows(IllegalArgumentException.class, () -> SapcontrolCall.fact("00", "StopSystem"));
  }

  @Test
  void failureLine() {
    SapcontrolOutput o = read("fail.txt");
    assertFalse(o.ok());
    assertTrue(o.status().orElseThrow().startsWith("FAIL: NIECONN_REFUSED"));
    assertTrue(o.rows().isEmpty());
  }

  @Test
  void stateColorsWithPrefix() {
    assertEquals(StateColor.GRAY, StateColor.of("SAPControl-GRAY"));
    assertEquals(StateColor.UNKNOWN, StateColor.of("blue"));
  }

  @Test
  void exitCodes() {
    assertTrue(SapcontrolExit.isSuccess("GetProcessList", 3));
    assertTrue(SapcontrolExit.isSuccess("GetProcessList", 4));
    assertFalse(SapcontrolExit.isSuccess("StartSystem", 3));
    assertTrue(SapcontrolExit.isSuccess("StartSystem", 0));
    assertFalse(SapcontrolExit.isSuccess("WaitforStarted", 2));
    assertEquals(SapcontrolExit.TIMED_OUT, SapcontrolExit.of(2));
    assertEquals(SapcontrolExit.OTHER, SapcontrolExit.of(-1));
    assertEquals(SapcontrolExit.OTHER, SapcontrolExit.of(137));
  }
}
