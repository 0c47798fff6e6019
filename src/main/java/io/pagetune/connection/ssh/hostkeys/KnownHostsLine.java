package io.pagetune.connection.ssh.hostkeys;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * One key line of a known_hosts file: its optional marker, host patterns and key blob (the SSH wire
 * encoding, compared byte for byte; decoded only when a CA key must check a signature).
 *
 * @param file the file it was read from
 * @param lineNumber 1-based, for messages
 * @param marker {@code @cert-authority}, {@code @revoked} or none
 * @param hosts the comma-separated host patterns, as written
 * @param keyType the key type named on the line
 * @param keyBlob the decoded base64 key
 */
record KnownHostsLine(
    Path file, int lineNumber, Marker marker, String hosts, String keyType, byte[] keyBlob) {

  /** The markers OpenSSH defines for known_hosts lines. */
  enum Marker {
    NONE,
    CERT_AUTHORITY,
    REVOKED
  }

  KnownHostsLine {
    keyBlob = keyBlob.clone();
  }

  @Override
  public byte[] keyBlob() {
    return keyBlob.clone();
  }

  boolean hasKey(byte[] blob) {
    return Arrays.equals(keyBlob, blob);
  }

  boolean appliesTo(String host, int port) {
    return HostPatterns.matches(hosts, host, port);
  }

  /** {@code file:line}, where a person finds this line. */
  String where() {
    return file + ":" + lineNumber;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KnownHostsLine l
        && file.equals(l.file)
        && lineNumber == l.lineNumber
        && marker == l.marker
        && hosts.equals(l.hosts)
        && keyType.equals(l.keyType)
        && Arrays.equals(keyBlob, l.keyBlob);
  }

  @Override
  public int hashCode() {
    return 31 * file.hashCode() + lineNumber;
  }

  @Override
  public String toString() {
    return where() + " " + (marker == Marker.NONE ? "" : marker + " ") + hosts + " " + keyType;
  }
}
