package io.pagetune.connection.ssh;

import java.io.File;
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
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import net.schmizz.sshj.transport.verification.HostKeyVerifier;
import net.schmizz.sshj.transport.verification.OpenSSHKnownHosts;

/**
 * The known_hosts files of one run and the policy that checks keys against them. Files are read
 * again for every connection so entries appended by parallel connections are seen. Appends under
 * ACCEPT_NEW take one lock per file (in-process) plus a file lock (other processes), re-check under
 * the lock, and write one whole line.
 */
public final class KnownHostsStore {
  private final HostKeyChecking mode;
  private final List<Path> files;
  private final Map<Path, ReentrantLock> locks = new ConcurrentHashMap<>();

  public KnownHostsStore(HostKeyChecking mode, List<Path> files) {
    this.mode = mode;
    this.files = files.stream().map(p -> p.toAbsolutePath().normalize()).toList();
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
      if (mode == HostKeyChecking.OFF) {
        return true;
      }
      HostKeyFingerprint fp = HostKeyFingerprint.of(key);
      String where = HostKeyFingerprint.knownHostsName(hostname, port);
      Lookup found = lookup(hostname, port, key);
      if (found.outcome() == Outcome.UNKNOWN && mode == HostKeyChecking.ACCEPT_NEW) {
        found = appendIfStillUnknown(hostname, port, key, fp);
      }
      if (found.outcome() == Outcome.MATCH) {
        return true;
      }
      if (found.outcome() == Outcome.CHANGED) {
        failure =
            "host key of "
                + inventoryName
                + " ("
                + where
                + ") has CHANGED: the server offers "
                + fp
                + ", "
                + found.file()
                + " has a different "
                + fp.keyType()
                + " key (possible man-in-the-middle; if the host was reinstalled, remove the"
                + " old entry)";
      } else {
        failure =
            "host key of "
                + inventoryName
                + " ("
                + where
                + ") is unknown: "
                + fp
                + " is not in "
                + files.stream().map(Path::toString).collect(Collectors.joining(", "))
                + " (strict host key checking; add it to known_hosts or use accept-new)";
      }
      return false;
    }

    @Override
    public List<String> findExistingAlgorithms(String hostname, int port) {
      Set<String> algorithms = new LinkedHashSet<>();
      for (Path f : files) {
        OpenSSHKnownHosts kh = read(f, new boolean[1]);
        if (kh != null) {
          algorithms.addAll(kh.findExistingAlgorithms(hostname, port));
        }
      }
      return new ArrayList<>(algorithms);
    }
  }

  private Lookup lookup(String hostname, int port, PublicKey key) {
    Lookup result = new Lookup(Outcome.UNKNOWN, null);
    for (Path f : files) {
      boolean[] changed = new boolean[1];
      OpenSSHKnownHosts kh = read(f, changed);
      if (kh == null) {
        continue;
      }
      if (kh.verify(hostname, port, key)) {
        return new Lookup(Outcome.MATCH, f);
      }
      if (changed[0] && result.outcome() == Outcome.UNKNOWN) {
        result = new Lookup(Outcome.CHANGED, f);
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
        Lookup again = lookup(hostname, port, key);
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

  /** Reads a file; {@code changed[0]} is set when it holds another key for the host. */
  private static OpenSSHKnownHosts read(Path file, boolean[] changed) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      return new ChangeAwareKnownHosts(file.toFile(), changed);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }

  /** sshj's parser, with its "changed" and "unknown" callbacks turned into a flag. */
  private static final class ChangeAwareKnownHosts extends OpenSSHKnownHosts {
    private final boolean[] changed;

    ChangeAwareKnownHosts(File file, boolean[] changed) throws IOException {
      super(file);
      this.changed = changed;
    }

    @Override
    protected boolean hostKeyUnverifiableAction(String hostname, PublicKey key) {
      return false;
    }

    @Override
    protected boolean hostKeyChangedAction(String hostname, PublicKey key) {
      changed[0] = true;
      return false;
    }
  }
}
