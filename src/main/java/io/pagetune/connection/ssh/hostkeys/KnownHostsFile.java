package io.pagetune.connection.ssh.hostkeys;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Reads the key lines of one known_hosts file. Like OpenSSH, lines it cannot use (old RSA1 keys,
 * unknown markers, damaged base64) are skipped rather than failing every host.
 */
final class KnownHostsFile {
  private KnownHostsFile() {}

  /** The key lines of {@code file}; none when it does not exist. */
  static List<KnownHostsLine> read(Path file) {
    List<String> text;
    try {
      text = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    List<KnownHostsLine> lines = new ArrayList<>();
    for (int i = 0; i < text.size(); i++) {
      KnownHostsLine line = parse(file, i + 1, text.get(i));
      if (line != null) {
        lines.add(line);
      }
    }
    return lines;
  }

  /** One line, or null for comments, blank and unusable lines. */
  static KnownHostsLine parse(Path file, int number, String raw) {
    String line = raw.strip();
    if (line.isEmpty() || line.startsWith("#")) {
      return null;
    }
    String[] f = line.split("\\s+");
    int i = 0;
    KnownHostsLine.Marker marker = KnownHostsLine.Marker.NONE;
    if (f[0].startsWith("@")) {
      if (f[0].equals("@cert-authority")) {
        marker = KnownHostsLine.Marker.CERT_AUTHORITY;
      } else if (f[0].equals("@revoked")) {
        marker = KnownHostsLine.Marker.REVOKED;
      } else {
        return null;
      }
      i++;
    }
    if (f.length < i + 3) {
      return null;
    }
    byte[] blob;
    try {
      blob = Base64.getDecoder().decode(f[i + 2]);
    } catch (IllegalArgumentException e) {
      return null; // also the old "bits exponent modulus" RSA1 format
    }
    return new KnownHostsLine(file, number, marker, f[i], f[i + 1], blob);
  }
}
