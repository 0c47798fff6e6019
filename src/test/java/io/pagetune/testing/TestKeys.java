package io.pagetune.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;

/** Generates SSH key pairs and writes them as OpenSSH private key files. */
public final class TestKeys {
  private TestKeys() {}

  /** {@code ssh-ed25519} (256), {@code ssh-rsa} (2048) or {@code ecdsa-sha2-nistp256} (256). */
  public static KeyPair generate(String type, int bits) {
    try {
      return KeyUtils.generateKeyPair(type, bits);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot generate " + type + " key", e);
    }
  }

  public static KeyPair ed25519() {
    return generate(KeyPairTypes.ED25519, 256);
  }

  /** Writes the private key (encrypted when passphrase is not null) with mode 0600. */
  public static Path write(KeyPair pair, Path file, String passphrase) {
    OpenSSHKeyEncryptionContext enc = null;
    if (passphrase != null) {
      enc = new OpenSSHKeyEncryptionContext();
      enc.setCipherName("AES");
      enc.setCipherType("256");
      enc.setPassword(passphrase);
      enc.setKdfRounds(4);
    }
    try (OutputStream os = Files.newOutputStream(file)) {
      OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(pair, "pagetune-test", enc, os);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
    try {
      Files.setPosixFilePermissions(
          file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** {@code type base64}, as in authorized_keys and known_hosts. */
  public static String publicLine(KeyPair pair) {
    return PublicKeyEntry.toString(pair.getPublic());
  }

  /** Key type names accepted by {@link #generate}. */
  public static final class KeyPairTypes {
    public static final String ED25519 = "ssh-ed25519";
    public static final String RSA = "ssh-rsa";
    public static final String ECDSA = "ecdsa-sha2-nistp256";

    private KeyPairTypes() {}
  }
}
