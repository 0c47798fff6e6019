package io.pagetune.connection.ssh.crypto;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Security;
import javax.crypto.Cipher;

/**
 * Instances from the JDK's providers by name, so that a BouncyCastle provider registered beside
 * them (sshj registers one) is never chosen; on a JDK without that provider, the default lookup.
 */
final class JdkProviders {
  static final String JCE = "SunJCE";

  private JdkProviders() {}

  static Cipher cipher(String transformation) throws GeneralSecurityException {
    Provider p = Security.getProvider(JCE);
    return p == null ? Cipher.getInstance(transformation) : Cipher.getInstance(transformation, p);
  }
}
