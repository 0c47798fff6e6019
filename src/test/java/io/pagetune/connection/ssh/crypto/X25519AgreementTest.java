package io.pagetune.connection.ssh.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class X25519AgreementTest {
  private static final HexFormat HEX = HexFormat.of();

  // RFC 7748, section 6.1
  private static final String ALICE_PRIVATE =
      "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
  private static final String ALICE_PUBLIC =
      "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
  private static final String BOB_PUBLIC =
      "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
  private static final String SHARED =
      "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

  @Test
  void computesTheRfc7748VectorInWireForm() throws Exception {
    KeyFactory kf = KeyFactory.getInstance("X25519");
    KeyPair alice =
        new KeyPair(
            kf.generatePublic(
                new XECPublicKeySpec(
                    NamedParameterSpec.X25519, X25519Agreement.decode(HEX.parseHex(ALICE_PUBLIC)))),
            kf.generatePrivate(
                new XECPrivateKeySpec(NamedParameterSpec.X25519, HEX.parseHex(ALICE_PRIVATE))));
    X25519Agreement agreement = new X25519Agreement(alice);
    assertEquals(ALICE_PUBLIC, HEX.formatHex(agreement.publicKey()));
    assertEquals(SHARED, HEX.formatHex(agreement.sharedSecret(HEX.parseHex(BOB_PUBLIC))));
  }

  @Test
  void twoFreshSidesAgreeOnTheJdkProvider() throws Exception {
    X25519Agreement client = new X25519Agreement();
    X25519Agreement server = new X25519Agreement();
    assertEquals("SunEC", client.provider());
    assertEquals(32, client.publicKey().length);
    assertArrayEquals(
        client.sharedSecret(server.publicKey()), server.sharedSecret(client.publicKey()));
  }

  @Test
  void refusesAKeyOfTheWrongLengthAndASmallOrderPoint() throws Exception {
    GeneralSecurityException shortKey =
        assertThrows(
            GeneralSecurityException.class, () -> new X25519Agreement().sharedSecret(new byte[31]));
    assertEquals("X25519 public key has 31 bytes, not 32", shortKey.getMessage());
    // u = 0 has small order: the secret would be all zeros, which RFC 8731 says to refuse
    assertThrows(
        GeneralSecurityException.class, () -> new X25519Agreement().sharedSecret(new byte[32]));
  }

  @Test
  void masksTheTopBitOfAPeerKey() {
    byte[] withTopBit = HEX.parseHex(BOB_PUBLIC);
    withTopBit[31] |= (byte) 0x80;
    assertEquals(
        X25519Agreement.decode(HEX.parseHex(BOB_PUBLIC)), X25519Agreement.decode(withTopBit));
  }
}
