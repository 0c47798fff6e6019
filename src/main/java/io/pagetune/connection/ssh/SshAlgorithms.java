package io.pagetune.connection.ssh;

import net.schmizz.sshj.transport.NegotiatedAlgorithms;

/**
 * What a connection's last key exchange agreed on: key exchange method, host key algorithm, and the
 * client-to-server cipher and MAC (an AEAD cipher's MAC is implicit).
 */
public record SshAlgorithms(String kex, String hostKey, String cipher, String mac) {
  /** Nothing agreed yet. */
  static final SshAlgorithms NONE = new SshAlgorithms("", "", "", "");

  static SshAlgorithms of(NegotiatedAlgorithms negotiated) {
    return new SshAlgorithms(
        negotiated.getKeyExchangeAlgorithm(),
        negotiated.getSignatureAlgorithm(),
        negotiated.getClient2ServerCipherAlgorithm(),
        negotiated.getClient2ServerMACAlgorithm());
  }

  /** The record of one client's key exchanges, given to sshj as an algorithms verifier. */
  static final class Recorder
      implements net.schmizz.sshj.transport.verification.AlgorithmsVerifier {
    private volatile SshAlgorithms last = NONE;

    @Override
    public boolean verify(NegotiatedAlgorithms negotiated) {
      last = of(negotiated);
      return true;
    }

    SshAlgorithms last() {
      return last;
    }
  }
}
