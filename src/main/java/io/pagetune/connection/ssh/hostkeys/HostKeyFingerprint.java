package io.pagetune.connection.ssh.hostkeys;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.Base64;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.KeyType;

/** A host key as people compare it: type and OpenSSH's {@code SHA256:} fingerprint. */
public record HostKeyFingerprint(String keyType, String sha256, String base64Blob) {

  public static HostKeyFingerprint of(PublicKey key) {
    byte[] blob = new Buffer.PlainBuffer().putPublicKey(key).getCompactData();
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(blob);
      return new HostKeyFingerprint(
          KeyType.fromKey(key).toString(),
          "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest),
          Base64.getEncoder().encodeToString(blob));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** How known_hosts names a host: {@code host} on port 22, else {@code [host]:port}. */
  public static String knownHostsName(String host, int port) {
    return port == 22 ? host : "[" + host + "]:" + port;
  }

  /** One known_hosts line (without newline) for this key. */
  public String knownHostsLine(String host, int port) {
    return knownHostsName(host, port) + " " + keyType + " " + base64Blob;
  }

  @Override
  public String toString() {
    return keyType + " " + sha256;
  }
}
