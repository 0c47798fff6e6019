package io.pagetune.targets.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IpcsShmTest {
  @Test
  void domainSample() {
    IpcsShm ipcs = IpcsShm.fact().parse(Fixtures.ok("facts/ipcs_shm/linux_domain.txt"));
    assertEquals(2, ipcs.segments().size());
    ShmSegment big = ipcs.segments().get(1);
    assertEquals("32769", big.shmid());
    assertEquals("oracle", big.owner());
    assertEquals("640", big.perms());
    assertEquals(12884901888L, big.bytes());
    assertEquals(OptionalLong.of(86), big.nattch());
    assertEquals("", big.status());
    assertFalse(big.destroyed());
    assertEquals(4096L + 12884901888L, ipcs.totalBytes());
  }

  @Test
  void destStatusAndTrailingBlanks() {
    IpcsShm ipcs = IpcsShm.parse(Fixtures.read("facts/ipcs_shm/linux_dest_and_others.txt"));
    assertEquals(6, ipcs.segments().size());
    assertEquals(
        List.of(true, false, false, false, false, true),
        ipcs.segments().stream().map(ShmSegment::destroyed).toList());
    assertEquals("0x86f8a154", ipcs.segments().get(4).key());
    assertEquals("grid", ipcs.segments().get(5).owner());
  }

  @Test
  void headerOrderDecidesNotPosition() {
    String swapped =
        "shmid key bytes owner perms nattch status\n" + "7 0x1 2147483648 oracle 600 3 dest\n";
    ShmSegment s = IpcsShm.parse(swapped).segments().get(0);
    assertEquals("7", s.shmid());
    assertEquals(2147483648L, s.bytes());
    assertTrue(s.destroyed());
  }

  @Test
  void noSegmentsOrNoHeader() {
    assertTrue(
        IpcsShm.parse(
                "------ Shared Memory Segments --------\nkey shmid owner perms bytes nattch status\n")
            .segments()
            .isEmpty());
    assertTrue(IpcsShm.parse("ipcs: command not found").segments().isEmpty());
  }
}
