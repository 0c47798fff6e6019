package io.pagetune.yaml;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local files a run read (playbook, imported and included task files, vars files, templates,
 * copy sources, inventory and its vars), each with the SHA-256 of the bytes read, so that a saved
 * plan binds exactly what it was made from. Hosts render templates in parallel: recording is
 * thread-safe. {@link #none()} records nothing, for readers outside a run.
 */
public final class ReadFiles {
  private final Map<Path, String> files;

  private ReadFiles(Map<Path, String> files) {
    this.files = files;
  }

  /** A record to fill. */
  public static ReadFiles recording() {
    return new ReadFiles(new ConcurrentHashMap<>());
  }

  /** Records nothing. */
  public static ReadFiles none() {
    return new ReadFiles(null);
  }

  public void read(Path file, byte[] content) {
    if (files != null) {
      files.put(file.toAbsolutePath().normalize(), sha256(content));
    }
  }

  /** Records a file another library read (FreeMarker's loader), hashing it as it is now. */
  public void read(Path file) {
    if (files == null) {
      return;
    }
    try {
      read(file, Files.readAllBytes(file));
    } catch (IOException e) {
      // it was just read; a file gone since is caught when the plan is applied
    }
  }

  /** "sha256:" and the hex SHA-256 of the bytes. */
  public static String sha256(byte[] content) {
    try {
      return "sha256:"
          + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /** Absolute path to "sha256:" hex, in path order. */
  public SortedMap<Path, String> files() {
    return files == null ? new TreeMap<>() : new TreeMap<>(files);
  }
}
