package io.pagetune.connection.ssh.crypto;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;

/**
 * Instances from the JDK's providers by name, so that a BouncyCastle provider registered beside
 * them (sshj registers one) is never chosen; on a JDK without that provider, the default lookup.
 */
final class JdkProviders {
  static final String EC = "SunEC";
  static final String JCE = "SunJCE";
  static final String SUN = "SUN";

  private JdkProviders() {}

  static KeyAgreement keyAgreement(String algorithm) throws GeneralSecurityException {
    Provider p = Security.getProvider(EC);
    return p == null ? KeyAgreement.getInstance(algorithm) : KeyAgreement.getInstance(algorithm, p);
  }

  static KeyPairGenerator keyPairGenerator(String algorithm) throws GeneralSecurityException {
    Provider p = Security.getProvider(EC);
    return p == null
        ? KeyPairGenerator.getInstance(algorithm)
        : KeyPairGenerator.getInstance(algorithm, p);
  }

  static KeyFactory keyFactory(String algorithm) throws GeneralSecurityException {
    Provider p = Security.getProvider(EC);
    return p == null ? KeyFactory.getInstance(algorithm) : KeyFactory.getInstance(algorithm, p);
  }

  static Cipher cipher(String transformation) throws GeneralSecurityException {
    Provider p = Security.getProvider(JCE);
    return p == null ? Cipher.getInstance(transformation) : Cipher.getInstance(transformation, p);
  }

  static MessageDigest digest(String algorithm) throws GeneralSecurityException {
    Provider p = Security.getProvider(SUN);
    return p == null
        ? MessageDigest.getInstance(algorithm)
        : MessageDigest.getInstance(algorithm, p);
  }
}
