package io.pagetune.connection.ssh.crypto;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.schmizz.sshj.ConfigImpl;
import net.schmizz.sshj.common.Factory;

/**
 * Puts pagetune's JDK-backed key exchange and ciphers first in an sshj config, in place of sshj's
 * factories of the same names; every other algorithm stays behind them in sshj's order, for servers
 * that offer none of these.
 */
public final class JdkAlgorithms {
  /** Key exchanges, most preferred first. */
  public static final List<String> KEX =
      List.of("curve25519-sha256", "curve25519-sha256@libssh.org");

  /** Ciphers, most preferred first: AES-128 needs four fewer rounds than AES-256. */
  public static final List<String> CIPHERS =
      List.of("aes128-gcm@openssh.com", "aes256-gcm@openssh.com");

  private JdkAlgorithms() {}

  /** Makes {@code config} prefer the JDK-backed algorithms. */
  public static void preferIn(ConfigImpl config) {
    List<Factory.Named<net.schmizz.sshj.transport.kex.KeyExchange>> kex = new ArrayList<>();
    for (String name : KEX) {
      kex.add(Curve25519Sha256.factory(name));
    }
    config.setKeyExchangeFactories(ahead(kex, config.getKeyExchangeFactories()));
    List<Factory.Named<net.schmizz.sshj.transport.cipher.Cipher>> ciphers =
        List.of(AesGcmCipher.factory(CIPHERS.get(0), 16), AesGcmCipher.factory(CIPHERS.get(1), 32));
    config.setCipherFactories(ahead(ciphers, config.getCipherFactories()));
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
