package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Java checksum agrees with this machine's {@code cksum} byte for byte. */
class PosixCksumTest {
  @TempDir Path dir;

  private static String cksum(Path file) throws Exception {
    Process p =
        new ProcessBuilder("cksum").redirectInput(file.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertEquals(true, p.waitFor(30, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out.strip();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 255, 256, 257, 4095, 65_536, 65_537, 300_001})
  void matchesCksumForRandomContentOfManySizes(int size) throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/cksum")), "no cksum here");
    byte[] data = new byte[size];
    new Random(size).nextBytes(data);
    Path f = Files.write(dir.resolve("data"), data);
    assertEquals(cksum(f), PosixCksum.of(data).text());
  }

  @Test
  void matchesCksumForEveryByteValueAndKnownVectors() throws Exception {
    Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/cksum")), "no cksum here");
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    assertEquals(cksum(Files.write(dir.resolve("all"), all)), PosixCksum.of(all).text());
    // the values POSIX cksum prints for these, independent of this machine
    assertEquals("4294967295 0", PosixCksum.of(new byte[0]).text());
    assertEquals("1112837078 4", PosixCksum.of("abc\n".getBytes(StandardCharsets.US_ASCII)).text());
  }
}
