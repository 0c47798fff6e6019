package io.pagetune.connection.ssh.crypto;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.schmizz.sshj.ConfigImpl;
import net.schmizz.sshj.common.Factory;

/**
 * Orders an sshj config: sshj's own curve25519-sha256 key exchange first, and pagetune's JDK-backed
 * AES-GCM ciphers in place of sshj's factories of the same names; every other algorithm stays
 * behind them in sshj's order, for servers that offer none of these. The key exchange stays on
 * sshj's BouncyCastle X25519 because the JDK 17's is about twice as slow (bench/RESULTS.md).
 * AES-GCM goes first only where the JIT compiles the JDK's AES and GHASH intrinsics (C2): under C1
 * alone (the launcher's {@code -XX:TieredStopAtLevel=1}) the JDK's AES runs as plain Java, slower
 * than BouncyCastle's ChaCha20, so chacha20-poly1305 stays ahead of it there.
 */
public final class JdkAlgorithms {
  /** Key exchanges, most preferred first. */
  public static final List<String> KEX =
      List.of("curve25519-sha256", "curve25519-sha256@libssh.org");

  /** Ciphers, most preferred first: AES-128 needs four fewer rounds than AES-256. */
  public static final List<String> CIPHERS =
      List.of("aes128-gcm@openssh.com", "aes256-gcm@openssh.com");

  private JdkAlgorithms() {}

  private static final String CHACHA = "chacha20-poly1305@openssh.com";

  /**
   * Makes {@code config} prefer curve25519-sha256, and AES-GCM when {@code aesGcmFirst} (see {@link
   * #aesIntrinsicsCompiled()}).
   */
  public static void preferIn(ConfigImpl config, boolean aesGcmFirst) {
    List<Factory.Named<net.schmizz.sshj.transport.kex.KeyExchange>> sshjKex =
        config.getKeyExchangeFactories();
    List<Factory.Named<net.schmizz.sshj.transport.kex.KeyExchange>> kex = new ArrayList<>();
    for (String name : KEX) {
      sshjKex.stream().filter(f -> f.getName().equals(name)).forEach(kex::add);
    }
    config.setKeyExchangeFactories(ahead(kex, sshjKex));
    List<Factory.Named<net.schmizz.sshj.transport.cipher.Cipher>> ciphers =
        List.of(AesGcmCipher.factory(CIPHERS.get(0), 16), AesGcmCipher.factory(CIPHERS.get(1), 32));
    List<Factory.Named<net.schmizz.sshj.transport.cipher.Cipher>> all =
        ahead(ciphers, config.getCipherFactories());
    if (!aesGcmFirst) {
      all = ahead(all.stream().filter(f -> f.getName().equals(CHACHA)).toList(), all);
    }
    config.setCipherFactories(all);
  }

  /**
   * Whether this JVM compiles the JDK's AES and GHASH intrinsics: C2 runs ({@code
   * TieredStopAtLevel} 4, the default) and neither intrinsic is switched off. Unknown flags count
   * as the defaults.
   */
  public static boolean aesIntrinsicsCompiled() {
    return flag("TieredStopAtLevel", "4").equals("4")
        && flag("UseAESIntrinsics", "true").equals("true")
        && flag("UseGHASHIntrinsics", "true").equals("true");
  }

  private static String flag(String name, String otherwise) {
    com.sun.management.HotSpotDiagnosticMXBean hotSpot =
        java.lang.management.ManagementFactory.getPlatformMXBean(
            com.sun.management.HotSpotDiagnosticMXBean.class);
    if (hotSpot == null) {
      return otherwise;
    }
    try {
      return hotSpot.getVMOption(name).getValue();
    } catch (IllegalArgumentException e) {
      return otherwise;
    }
  }

  /** {@code first}, then those of {@code rest} whose names {@code first} does not have. */
  static <T> List<Factory.Named<T>> ahead(
      List<Factory.Named<T>> first, List<Factory.Named<T>> rest) {
    Set<String> names = new HashSet<>();
    List<Factory.Named<T>> all = new ArrayList<>(first);
    for (Factory.Named<T> f : first) {
      names.add(f.getName());
    }
    for (Factory.Named<T> f : rest) {
      if (!names.contains(f.getName())) {
        all.add(f);
      }
    }
    return all;
  }
}
