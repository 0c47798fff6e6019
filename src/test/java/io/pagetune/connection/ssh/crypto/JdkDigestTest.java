package io.pagetune.connection.ssh.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class JdkDigestTest {
  @Test
  void hashesSha256OnTheJdkProvider() {
    JdkDigest d = JdkDigest.sha256();
    d.init();
    assertEquals("SUN", d.provider());
    assertEquals(32, d.getBlockSize());
    byte[] abc = "xabcx".getBytes(StandardCharsets.US_ASCII);
    d.update(abc, 1, 3);
    // FIPS 180-2, appendix B.1
    assertEquals(
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        HexFormat.of().formatHex(d.digest()));
  }
}
