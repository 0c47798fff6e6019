package io.pagetune.connection.ssh.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.HashSet;
import java.util.List;
import net.schmizz.sshj.DefaultConfig;
import net.schmizz.sshj.common.Factory;
import org.junit.jupiter.api.Test;

class JdkAlgorithmsTest {
  private static <T> List<String> names(List<Factory.Named<T>> factories) {
    return factories.stream().map(Factory.Named::getName).toList();
  }

  @Test
  void putsCurve25519AndTheJdkCiphersFirstAndKeepsEveryOtherAlgorithm() {
    DefaultConfig sshjDefaults = new DefaultConfig();
    DefaultConfig config = new DefaultConfig();
    JdkAlgorithms.preferIn(config, true);

    List<String> kex = names(config.getKeyExchangeFactories());
    assertEquals(JdkAlgorithms.KEX, kex.subList(0, 2));
    assertEquals(new HashSet<>(names(sshjDefaults.getKeyExchangeFactories())), new HashSet<>(kex));
    assertEquals(kex.size(), new HashSet<>(kex).size(), "each name once");

    List<String> ciphers = names(config.getCipherFactories());
    assertEquals(JdkAlgorithms.CIPHERS, ciphers.subList(0, 2));
    assertEquals(new HashSet<>(names(sshjDefaults.getCipherFactories())), new HashSet<>(ciphers));
    assertEquals(ciphers.size(), new HashSet<>(ciphers).size(), "each name once");
    // the rest keep sshj's order: chacha20-poly1305 next, for a server without AES-GCM
    assertEquals("chacha20-poly1305@openssh.com", ciphers.get(2));

    // the key exchange is sshj's own (BouncyCastle's X25519), not a JDK one
    for (String name : JdkAlgorithms.KEX) {
      assertInstanceOf(
          net.schmizz.sshj.transport.kex.Curve25519SHA256.class,
          Factory.Named.Util.create(config.getKeyExchangeFactories(), name));
    }
    AesGcmCipher aes128 =
        (AesGcmCipher) Factory.Named.Util.create(config.getCipherFactories(), ciphers.get(0));
    AesGcmCipher aes256 =
        (AesGcmCipher) Factory.Named.Util.create(config.getCipherFactories(), ciphers.get(1));
    assertEquals(16, aes128.getBlockSize());
    assertEquals(32, aes256.getBlockSize());
  }

  @Test
  void withoutCompiledAesIntrinsicsChachaStaysAheadOfAesGcm() {
    DefaultConfig config = new DefaultConfig();
    JdkAlgorithms.preferIn(config, false);
    List<String> ciphers = names(config.getCipherFactories());
    assertEquals(
        List.of(
            "chacha20-poly1305@openssh.com", "aes128-gcm@openssh.com", "aes256-gcm@openssh.com"),
        ciphers.subList(0, 3));
    assertEquals(ciphers.size(), new HashSet<>(ciphers).size(), "each name once");
    assertEquals(JdkAlgorithms.KEX, names(config.getKeyExchangeFactories()).subList(0, 2));
    assertInstanceOf(
        AesGcmCipher.class,
        Factory.Named.Util.create(config.getCipherFactories(), "aes128-gcm@openssh.com"));
  }
}
