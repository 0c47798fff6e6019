package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SapProcessKindTest {
  @ParameterizedTest
  @CsvSource({
    // IBM i PASE and newer kernels: the programs' own names
    "sapstartsrv, SAPSTARTSRV",
    "sapstart, SAPSTART",
    "disp+work, DISPATCHER",
    "jstart, JAVA",
    "msg_server, MESSAGE_SERVER",
    "enserver, ENQUEUE_SERVER",
    "enq_server, ENQUEUE_SERVER",
    "enrepserver, ENQUEUE_REPLICATOR",
    "enq_replicator, ENQUEUE_REPLICATOR",
    "gwrd, GATEWAY",
    "icman, ICM",
    "igswd_mt, IGS",
    "igsmux_mt, IGS",
    "igspw_mt, IGS",
    // AIX and other Unix: sapstart's links
    "dw.sapPRD_D10, DISPATCHER",
    "ms.sapPRD_ASCS00, MESSAGE_SERVER",
    "en.sapPRD_ASCS00, ENQUEUE_SERVER",
    "er.sapPRD_ERS20, ENQUEUE_REPLICATOR",
    "gw.sapPRD_D10, GATEWAY",
    "ig.sapPRD_D10, IGS",
    "jc.sapPRD_J20, JAVA",
    "co.sapPRD_D10, OTHER",
    "saposcol, OTHER",
    "oracle, OTHER"
  })
  void namesAsThePlatformGivesThem(String program, SapProcessKind kind) {
    assertEquals(kind, SapProcessKind.of(program));
  }

  @org.junit.jupiter.api.Test
  void linksCarryTheirInstance() {
    assertArrayEquals(
        new String[] {"PRD", "ASCS00"}, SapProcessKind.linkInstance("ms.sapPRD_ASCS00").get());
    assertTrue(SapProcessKind.linkInstance("msg_server").isEmpty());
    assertFalse(SapProcessKind.SAPSTARTSRV.startedWithProfileEnvironment());
    assertTrue(SapProcessKind.ENQUEUE_SERVER.startedWithProfileEnvironment());
  }
}
