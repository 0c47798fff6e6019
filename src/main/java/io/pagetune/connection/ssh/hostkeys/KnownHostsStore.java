package io.pagetune.connection.ssh.hostkeys;

import com.hierynomus.sshj.userauth.certificate.Certificate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.PublicKey;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import net.schmizz.sshj.common.Buffer;
import net.schmizz.sshj.common.KeyType;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;

/**
 * The known_hosts files of one run and the policy that checks keys against them, as OpenSSH does: a
 * key on a {@code @revoked} line is refused in every mode (also {@code off}); a host certificate is
 * accepted when a {@code @cert-authority} line for the host names its CA and the certificate is
 * valid ({@link HostCertificateCheck}); otherwise the plain key must be on a line for the host.
 * Files are read again for every connection so entries appended by parallel connections are seen.
 * Appends under ACCEPT_NEW take one lock per file (in-process) plus a file lock (other processes),
 * re-check under the lock, and write one whole line.
 */
public final class KnownHostsStore {
  private final HostKeyChecking mode;
  private final List<Path> files;
  private final HostCertificateCheck certificates;
  private final Map<Path, ReentrantLock> locks = new ConcurrentHashMap<>();

  public KnownHostsStore(HostKeyChecking mode, List<Path> files) {
    this(mode, files, Clock.systemUTC());
  }

  /** {@code clock} decides whether host certificates are within their validity window. */
  public KnownHostsStore(HostKeyChecking mode, List<Path> files, Clock clock) {
    this.mode = mode;
    this.files = files.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    this.certificates = new HostCertificateCheck(clock);
  }

  enum Outcome {
    MATCH,
    CHANGED,
    UNKNOWN
  }

  private record Lookup(Outcome outcome, Path file) {}

  /** A verifier for one connection; it remembers why it refused a key. */
  public Verifier verifier(String inventoryName) {
    return new Verifier(inventoryName);
  }

  /** Checks one host's key and keeps a one-line reason when it refuses. */
  public final class Verifier implements HostKeyVerifier {
    private final String inventoryName;
    private volatile String failure;

    Verifier(String inventoryName) {
      this.inventoryName = inventoryName;
    }

    /** Why the key was refused, or null. */
    public String failure() {
      return failure;
    }

    @Override
    public boolean verify(String hostname, int port, PublicKey key) {
      failure = check(inventoryName, hostname, port, key).orElse(null);
      return failure == null;
    }

    @Override
    public List<String> findExistingAlgorithms(String hostname, int port) {
      Set<String> algorithms = new LinkedHashSet<>();
      for (KnownHostsLine line : lines()) {
        if (line.marker() == KnownHostsLine.Marker.REVOKED || !line.appliesTo(hostname, port)) {
          continue;
        }
        if (line.marker() == KnownHostsLine.Marker.CERT_AUTHORITY) {
          // the CA's type says nothing about the host key's: every certificate type may do
          for (KeyType t : KeyType.values()) {
            if (t.getParent() != null) {
              algorithms.add(t.toString());
            }
          }
        } else {
          algorithms.add(line.keyType());
        }
      }
      return new ArrayList<>(algorithms);
    }
  }

  /** Why {@code key} is refused for the host, or empty when it is accepted. */
  private Optional<String> check(String inventoryName, String hostname, int port, PublicKey key) {
    String who = inventoryName + " (" + HostKeyFingerprint.knownHostsName(hostname, port) + ")";
    Certificate<?> cert = key instanceof Certificate<?> c ? c : null;
    PublicKey plain = cert == null ? key : cert.getKey();
    HostKeyFingerprint fp = HostKeyFingerprint.of(plain);
    List<KnownHostsLine> lines = lines();
    // a revoked key is refused whatever else says yes, in every mode, like OpenSSH
    Optional<String> revoked = revocation(lines, who, key, plain, cert, fp);
    if (revoked.isPresent() || mode == HostKeyChecking.OFF) {
      return revoked;
    }
    String certNote = "";
    if (cert != null) {
      Optional<KnownHostsLine> authority =
          lines.stream()
              .filter(l -> l.marker() == KnownHostsLine.Marker.CERT_AUTHORITY)
              .filter(l -> l.hasKey(cert.getSignatureKey()))
              .filter(l -> l.appliesTo(hostname, port))
              .findFirst();
      if (authority.isPresent()) {
        return certificateProblem(cert, hostname, who, fp, authority.get());
      }
      // no CA trusted for this host signed it: judge its plain key, as OpenSSH does
      certNote =
          "; its certificate is signed by CA "
              + caFingerprint(cert)
              + ", which no @cert-authority line trusts";
    }
    return plainKeyProblem(lines, who, hostname, port, plain, fp, cert != null, certNote);
  }

  /** Why the key, or the CA that signed its certificate, is marked @revoked. */
  private static Optional<String> revocation(
      List<KnownHostsLine> lines,
      String who,
      PublicKey key,
      PublicKey plain,
      Certificate<?> cert,
      HostKeyFingerprint fp) {
    Optional<KnownHostsLine> revoked =
        revokedLine(lines, blob(plain)).or(() -> revokedLine(lines, blob(key)));
    if (revoked.isPresent()) {
      return Optional.of(
          "host key of "
              + who
              + " is REVOKED: "
              + fp
              + " is marked @revoked in "
              + revoked.get().where());
    }
    if (cert != null) {
      HostKeyFingerprint ca = caFingerprint(cert);
      Optional<KnownHostsLine> caRevoked = revokedLine(lines, cert.getSignatureKey());
      if (caRevoked.isPresent()) {
        return Optional.of(
            "host certificate of "
                + who
                + " is signed by a REVOKED CA: "
                + ca
                + " is marked @revoked in "
                + caRevoked.get().where());
      }
    }
    return Optional.empty();
  }

  /** Why a certificate signed by a CA trusted for the host is not valid, or empty. */
  private Optional<String> certificateProblem(
      Certificate<?> cert,
      String hostname,
      String who,
      HostKeyFingerprint fp,
      KnownHostsLine authority) {
    HostKeyFingerprint ca = caFingerprint(cert);
    Optional<String> problem = certificates.problem(cert, hostname);
    if (problem.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "host certificate of "
            + who
            + " for "
            + fp
            + " is not valid: "
            + problem.get()
            + " (CA "
            + ca
            + " from "
            + authority.where()
            + ")");
  }

  /** Why the plain key is unknown or changed (after an accept-new append), or empty. */
  private Optional<String> plainKeyProblem(
      List<KnownHostsLine> lines,
      String who,
      String hostname,
      int port,
      PublicKey plain,
      HostKeyFingerprint fp,
      boolean certificate,
      String certNote) {
    Lookup found = lookup(lines, hostname, port, plain);
    if (found.outcome() == Outcome.UNKNOWN && mode == HostKeyChecking.ACCEPT_NEW) {
      found = appendIfStillUnknown(hostname, port, plain, fp);
    }
    if (found.outcome() == Outcome.MATCH) {
      return Optional.empty();
    }
    if (found.outcome() == Outcome.CHANGED) {
      return Optional.of(
          "host key of "
              + who
              + " has CHANGED: the server offers "
              + fp
              + ", "
              + found.file()
              + " has a different "
              + fp.keyType()
              + " key (possible man-in-the-middle; if the host was reinstalled, remove the"
              + " old entry)"
              + certNote);
    }
    boolean onlyCa =
        !certificate
            && lines.stream()
                .anyMatch(
                    l ->
                        l.marker() == KnownHostsLine.Marker.CERT_AUTHORITY
                            && l.appliesTo(hostname, port));
    return Optional.of(
        "host key of "
            + who
            + " is unknown: "
            + fp
            + " is not in "
            + files.stream().map(Path::toString).collect(Collectors.joining(", "))
            + " (strict host key checking; add it to known_hosts or use accept-new)"
            + certNote
            + (onlyCa
                ? "; a @cert-authority line trusts a CA for this host, but the server offered a"
                    + " plain key, not a certificate"
                : ""));
  }

  private static Optional<KnownHostsLine> revokedLine(List<KnownHostsLine> lines, byte[] blob) {
    return lines.stream()
        .filter(l -> l.marker() == KnownHostsLine.Marker.REVOKED && l.hasKey(blob))
        .findFirst();
  }

  private static HostKeyFingerprint caFingerprint(Certificate<?> cert) {
    try {
      return HostKeyFingerprint.of(new Buffer.PlainBuffer(cert.getSignatureKey()).readPublicKey());
    } catch (Buffer.BufferException e) {
      return new HostKeyFingerprint("unreadable-ca-key", "SHA256:?", "");
    }
  }

  static byte[] blob(PublicKey key) {
    return new Buffer.PlainBuffer().putPublicKey(key).getCompactData();
  }

  /** Every key line of every file, in order. */
  private List<KnownHostsLine> lines() {
    List<KnownHostsLine> all = new ArrayList<>();
    for (Path f : files) {
      all.addAll(KnownHostsFile.read(f));
    }
    return all;
  }

  /** The plain key against the unmarked lines for the host. */
  private static Lookup lookup(
      List<KnownHostsLine> lines, String hostname, int port, PublicKey key) {
    byte[] blob = blob(key);
    String type = KeyType.fromKey(key).toString();
    Lookup result = new Lookup(Outcome.UNKNOWN, null);
    for (KnownHostsLine l : lines) {
      if (l.marker() != KnownHostsLine.Marker.NONE || !l.appliesTo(hostname, port)) {
        continue;
      }
      if (l.hasKey(blob)) {
        return new Lookup(Outcome.MATCH, l.file());
      }
      if (l.keyType().equals(type) && result.outcome() == Outcome.UNKNOWN) {
        result = new Lookup(Outcome.CHANGED, l.file());
      }
    }
    return result;
  }

  private Lookup appendIfStillUnknown(
      String hostname, int port, PublicKey key, HostKeyFingerprint fp) {
    if (files.isEmpty()) {
      return new Lookup(Outcome.UNKNOWN, null);
    }
    Path target = files.get(0);
    ReentrantLock lock = locks.computeIfAbsent(target, p -> new ReentrantLock());
    lock.lock();
    try {
      Files.createDirectories(target.getParent());
      try (FileChannel ch =
              FileChannel.open(
                  target,
                  StandardOpenOption.CREATE,
                  StandardOpenOption.READ,
                  StandardOpenOption.WRITE);
          FileLock fileLock = ch.lock()) {
        if (!fileLock.isValid()) {
          throw new IOException("lost the lock on " + target);
        }
        Lookup again = lookup(lines(), hostname, port, key);
        if (again.outcome() != Outcome.UNKNOWN) {
          return again;
        }
        String line = fp.knownHostsLine(hostname, port) + "\n";
        long size = ch.size();
        if (size > 0) {
          ByteBuffer last = ByteBuffer.allocate(1);
          ch.read(last, size - 1);
          if (last.get(0) != '\n') {
            line = "\n" + line;
          }
        }
        ch.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.US_ASCII)), size);
        ch.force(false);
        return new Lookup(Outcome.MATCH, target);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot add host key to " + target + ": " + e, e);
    } finally {
      lock.unlock();
    }
  }
}
