package io.pagetune.connection.ssh.session;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * Collects one stream of a shell session until the line that ends a command's output: a newline,
 * the command's random token and an optional exit status, then a newline. The shell prints that
 * newline before the token itself, so output without a final newline keeps its exact bytes. Binary
 * output is fine: only the token, random per command, ends the frame.
 *
 * <p>With a begin token, everything before the line holding it is dropped: a background process an
 * earlier command left behind may still hold the session's streams and write after that command's
 * frame, and those bytes belong to no command.
 */
final class FrameEnd {
  private final byte[] start;
  private final byte[] begin;
  private int from;
  private byte[] data = new byte[4096];
  private int size;
  private int scanned;
  private int tokenAt = -1;
  private int lineEnd = -1;

  FrameEnd(String token) {
    this(null, token);
  }

  /** A frame whose content starts after the line {@code beginToken} (when not null). */
  FrameEnd(String beginToken, String token) {
    this.start = ("\n" + token).getBytes(StandardCharsets.US_ASCII);
    this.begin =
        beginToken == null ? null : (beginToken + "\n").getBytes(StandardCharsets.US_ASCII);
    this.from = begin == null ? 0 : -1;
  }

  /** Adds bytes read from the stream; true once the frame's last line is complete. */
  synchronized boolean add(byte[] b, int off, int len) {
    if (lineEnd >= 0) {
      return true; // anything after the frame belongs to no command
    }
    if (size + len > data.length) {
      data = Arrays.copyOf(data, Math.max(size + len, data.length * 2));
    }
    System.arraycopy(b, off, data, size, len);
    size += len;
    if (from < 0) {
      int at = indexOf(data, size, begin, Math.max(0, scanned - begin.length + 1));
      if (at < 0) {
        scanned = size;
        return false;
      }
      from = at + begin.length;
      scanned = from;
    }
    if (tokenAt < 0) {
      int at = Math.max(from, scanned - start.length + 1);
      tokenAt = indexOf(data, size, start, at);
      scanned = size;
      if (tokenAt < 0) {
        return false;
      }
    }
    for (int i = tokenAt + start.length; i < size; i++) {
      if (data[i] == '\n') {
        lineEnd = i;
        return true;
      }
    }
    return false;
  }

  /** Every byte received so far, frame lines included. */
  synchronized int received() {
    return size;
  }

  synchronized boolean complete() {
    return lineEnd >= 0;
  }

  /**
   * The command's own bytes: everything between the begin line and the frame line, or all so far
   * when incomplete; empty while the begin line has not come.
   */
  synchronized byte[] content() {
    if (from < 0) {
      return new byte[0];
    }
    return Arrays.copyOfRange(data, from, tokenAt < 0 ? size : tokenAt);
  }

  /** The words after the token on the frame line; empty while the frame is incomplete. */
  synchronized java.util.List<String> trailer() {
    if (lineEnd < 0) {
      return java.util.List.of();
    }
    String rest =
        new String(
                data,
                tokenAt + start.length,
                lineEnd - tokenAt - start.length,
                StandardCharsets.US_ASCII)
            .strip();
    return rest.isEmpty() ? java.util.List.of() : java.util.List.of(rest.split("\\s+"));
  }

  /** The number after the token on the frame line, if the frame is complete and carries one. */
  synchronized OptionalInt status() {
    java.util.List<String> words = trailer();
    try {
      return words.isEmpty() ? OptionalInt.empty() : OptionalInt.of(Integer.parseInt(words.get(0)));
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  private static int indexOf(byte[] hay, int length, byte[] needle, int from) {
    outer:
    for (int i = from; i <= length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
