package io.pagetune.connection.ssh.crypto;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.DisconnectReason;
import net.schmizz.sshj.common.Factory;
import net.schmizz.sshj.common.KeyType;
import net.schmizz.sshj.common.Message;
import net.schmizz.sshj.common.SSHPacket;
import net.schmizz.sshj.common.SSHRuntimeException;
import net.schmizz.sshj.signature.Signature;
import net.schmizz.sshj.transport.Transport;
import net.schmizz.sshj.transport.TransportException;
import net.schmizz.sshj.transport.kex.KeyExchange;
import net.schmizz.sshj.transport.kex.KeyExchangeBase;

/**
 * The {@code curve25519-sha256} key exchange (RFC 8731) with the JDK's X25519 and SHA-256: sends an
 * ephemeral public key, derives the shared secret from the server's, and checks the server's
 * signature of the exchange hash with its host key (which sshj then hands to pagetune's host key
 * verifier).
 */
public final class Curve25519Sha256 extends KeyExchangeBase {
  private X25519Agreement agreement;
  private byte[] clientKey;
  private BigInteger sharedSecret;

  Curve25519Sha256() {
    super(JdkDigest.sha256());
  }

  /** The factory under one of the method's two names. */
  public static Factory.Named<KeyExchange> factory(String name) {
    return new Factory.Named<>() {
      @Override
      public KeyExchange create() {
        return new Curve25519Sha256();
      }

      @Override
      public String getName() {
        return name;
      }
    };
  }

  @Override
  public void init(
      Transport trans, String serverId, String clientId, byte[] serverInit, byte[] clientInit)
      throws GeneralSecurityException, TransportException {
    super.init(trans, serverId, clientId, serverInit, clientInit);
    digest.init();
    agreement = new X25519Agreement();
    clientKey = agreement.publicKey();
    trans.write(new SSHPacket(Message.KEXDH_INIT).putBytes(clientKey));
  }

  @Override
  public boolean next(Message msg, SSHPacket packet)
      throws GeneralSecurityException, TransportException {
    if (msg != Message.KEXDH_31) {
      throw new TransportException(
          DisconnectReason.KEY_EXCHANGE_FAILED, "Unexpected packet: " + msg);
    }
    byte[] hostKeyBlob;
    byte[] serverKey;
    byte[] signatureBlob;
    try {
      hostKeyBlob = packet.readBytes();
      serverKey = packet.readBytes();
      signatureBlob = packet.readBytes();
      hostKey = new Buffer.PlainBuffer(hostKeyBlob).readPublicKey();
    } catch (Buffer.BufferException e) {
      throw new TransportException(e);
    }
    // RFC 8731: the 32 secret bytes read as an unsigned big-endian number, sent as an mpint
    sharedSecret = new BigInteger(1, agreement.sharedSecret(serverKey));
    Buffer.PlainBuffer exchange =
        initializedBuffer()
            .putString(hostKeyBlob)
            .putBytes(clientKey)
            .putBytes(serverKey)
            .putMPInt(sharedSecret);
    digest.update(exchange.array(), exchange.rpos(), exchange.available());
    H = digest.digest();
    verifySignature(signatureBlob);
    verifyCertificate(hostKeyBlob);
    return true;
  }

  private void verifySignature(byte[] signatureBlob) throws TransportException {
    Signature signature = trans.getHostKeyAlgorithm().newSignature();
    PublicKey key = hostKey instanceof Certificate<?> c ? c.getKey() : hostKey;
    signature.initVerify(key);
    signature.update(H, 0, H.length);
    if (!signature.verify(signatureBlob)) {
      throw new TransportException(
          DisconnectReason.KEY_EXCHANGE_FAILED, "KeyExchange signature verification failed");
    }
  }

  /** Only when the config asks sshj to judge host certificates (pagetune judges its own). */
  private void verifyCertificate(byte[] hostKeyBlob) throws TransportException {
    if (!(hostKey instanceof Certificate<?> certificate)
        || !trans.getConfig().isVerifyHostKeyCertificates()) {
      return;
    }
    String error;
    try {
      error =
          KeyType.CertUtils.verifyHostCertificate(hostKeyBlob, certificate, trans.getRemoteHost());
    } catch (Buffer.BufferException | SSHRuntimeException e) {
      throw new TransportException(
          DisconnectReason.KEY_EXCHANGE_FAILED, "KeyExchange certificate check failed", e);
    }
    if (error != null) {
      throw new TransportException(
          DisconnectReason.KEY_EXCHANGE_FAILED, "KeyExchange certificate check failed: " + error);
    }
  }

  @Override
  public BigInteger getK() {
    return sharedSecret;
  }
}
