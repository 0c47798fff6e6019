package io.pagetune.connection.ssh.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.hierynomus.sshj.transport.cipher.GcmCiphers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.transport.cipher.Cipher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AesGcmCipherTest {
  private static final int LENGTH_FIELD = 4;
  private static final int TAG = 16;

  /** A 4-byte length field, then {@code body}, then room for the tag. */
  private static byte[] packet(String body) {
    byte[] b = body.getBytes(StandardCharsets.US_ASCII);
    byte[] p = new byte[LENGTH_FIELD + b.length + TAG];
    p[3] = (byte) b.length;
    System.arraycopy(b, 0, p, LENGTH_FIELD, b.length);
    return p;
  }

  private static Cipher ours(int keyBytes, Cipher.Mode mode, byte[] key, byte[] iv) {
    Cipher c = new AesGcmCipher(keyBytes);
    c.init(mode, key, iv);
    return c;
  }

  private static void decrypt(Cipher c, byte[] p) {
    c.updateAAD(p, 0, LENGTH_FIELD);
    c.update(p, LENGTH_FIELD, p.length - LENGTH_FIELD - TAG);
  }

  @Test
  void encryptsOnTheJdkProvider() {
    AesGcmCipher c = new AesGcmCipher(16);
    assertEquals("SunJCE", c.provider());
    assertEquals(16, c.getBlockSize());
    assertEquals(12, c.getIVSize());
    assertEquals(16, c.getAuthenticationTagSize());
  }

  /** The same bytes as sshj's own GCM cipher, packet after packet, across a counter carry. */
  @ParameterizedTest(name = "key {0} bytes")
  @ValueSource(ints = {16, 32})
  void matchesSshjsGcmCipherPacketByPacket(int keyBytes) {
    Random random = new Random(keyBytes);
    byte[] key = new byte[32];
    byte[] iv = new byte[32];
    random.nextBytes(key);
    random.nextBytes(iv);
    Arrays.fill(iv, 8, 12, (byte) 0xff); // the counter's low bytes carry on the second packet
    Cipher reference = (keyBytes == 16 ? GcmCiphers.AES128GCM() : GcmCiphers.AES256GCM()).create();
    reference.init(Cipher.Mode.Encrypt, key, iv);
    Cipher ours = ours(keyBytes, Cipher.Mode.Encrypt, key, iv);
    Cipher decrypting = ours(keyBytes, Cipher.Mode.Decrypt, key, iv);
    for (String body : new String[] {"first packet....", "second packet...", "third packet...."}) {
      byte[] expected = packet(body);
      byte[] actual = packet(body);
      reference.updateWithAAD(expected, 0, LENGTH_FIELD, body.length());
      ours.updateWithAAD(actual, 0, LENGTH_FIELD, body.length());
      assertArrayEquals(expected, actual, body);
      assertFalse(Arrays.equals(packet(body), actual), "encrypted");
      decrypt(decrypting, actual);
      int end = actual.length - TAG;
      assertArrayEquals(
          Arrays.copyOf(packet(body), end), Arrays.copyOf(actual, end), "decrypted " + body);
    }
  }

  @Test
  void refusesATamperedPacketAndOneOutOfOrder() {
    byte[] key = new byte[16];
    byte[] iv = new byte[12];
    Cipher enc = ours(16, Cipher.Mode.Encrypt, key, iv);
    byte[] first = packet("first packet....");
    byte[] second = packet("second packet...");
    enc.updateWithAAD(first, 0, LENGTH_FIELD, 16);
    enc.updateWithAAD(second, 0, LENGTH_FIELD, 16);

    byte[] tampered = first.clone();
    tampered[LENGTH_FIELD + 2] ^= 1;
    assertThrows(
        SSHRuntimeException.class, () -> decrypt(ours(16, Cipher.Mode.Decrypt, key, iv), tampered));
    assertThrows(
        SSHRuntimeException.class,
        () -> decrypt(ours(16, Cipher.Mode.Decrypt, key, iv), second.clone()));
  }
}
