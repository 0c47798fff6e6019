import com.hierynomus.sshj.transport.cipher.ChachaPolyCiphers;
import io.pagetune.connection.ssh.crypto.AesGcmCipher;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Security;
import javax.crypto.KeyAgreement;
import net.schmizz.sshj.transport.cipher.Cipher;
import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The two costs that issue 24 moved, each alone in one thread: an X25519 key pair and agreement
 * (BouncyCastle's provider against the JDK's SunEC) and encrypting 32 KB SSH packets (sshj's
 * chacha20-poly1305 on BouncyCastle against pagetune's aes128-gcm on SunJCE). Prints the thread's
 * CPU time per operation after a warm-up of as many operations.
 *
 * <p>java -cp pagetune.jar bench/CryptoLoop.java [agreements] [megabytes]
 */
public class CryptoLoop {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) throws Exception {
    int agreements = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int megabytes = args.length > 1 ? Integer.parseInt(args[1]) : 256;
    Provider bc = new BouncyCastleProvider();
    Provider sunEc = Security.getProvider("SunEC");
    System.out.printf(
        "x25519\tBC\t%.1f us%n", perOp(agreements, () -> x25519(bc)) / 1e3);
    System.out.printf(
        "x25519\tSunEC\t%.1f us%n", perOp(agreements, () -> x25519(sunEc)) / 1e3);
    int packets = megabytes * 32;
    Cipher chacha = ChachaPolyCiphers.CHACHA_POLY_OPENSSH().create();
    chacha.init(Cipher.Mode.Encrypt, new byte[64], new byte[0]);
    Cipher gcm = AesGcmCipher.factory("aes128-gcm@openssh.com", 16).create();
    gcm.init(Cipher.Mode.Encrypt, new byte[16], new byte[12]);
    System.out.printf(
        "32KB packet\tchacha20-poly1305 (BC)\t%.1f us%n", perOp(packets, () -> packet(chacha)) / 1e3);
    System.out.printf(
        "32KB packet\taes128-gcm (SunJCE)\t%.1f us%n", perOp(packets, () -> packet(gcm)) / 1e3);
  }

  interface Op {
    void run() throws Exception;
  }

  /** Thread CPU ns per operation, after {@code n} untimed ones. */
  private static double perOp(int n, Op op) throws Exception {
    for (int i = 0; i < n; i++) {
      op.run();
    }
    long start = THREADS.getCurrentThreadCpuTime();
    for (int i = 0; i < n; i++) {
      op.run();
    }
    return (THREADS.getCurrentThreadCpuTime() - start) / (double) n;
  }

  private static void x25519(Provider p) throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("X25519", p);
    KeyPair mine = g.generateKeyPair();
    KeyPair theirs = g.generateKeyPair();
    KeyAgreement a = KeyAgreement.getInstance("X25519", p);
    a.init(mine.getPrivate());
    a.doPhase(theirs.getPublic(), true);
    a.generateSecret();
  }

  private static final byte[] BUFFER = new byte[4 + 32 * 1024 + 16];

  private static void packet(Cipher c) {
    c.updateWithAAD(BUFFER, 0, 4, 32 * 1024);
  }
}
