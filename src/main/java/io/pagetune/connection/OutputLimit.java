package io.pagetune.connection;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;

/**
 * The most bytes one command may print on one stream (stdout or stderr), or one file read may
 * return, on a host: more is a runaway command or a device such as {@code /dev/zero}, and holding
 * it would end the whole run out of memory. Set per host by {@value #VARIABLE} (inventory or {@code
 * -e}); past it the command is killed and that host fails with {@link OutputLimitExceeded}.
 */
public record OutputLimit(long maxBytes) {
  public static final String VARIABLE = io.pagetune.vars.EngineVariables.MAX_OUTPUT_BYTES;

  /** 32 MiB: as much as the largest file a module reads whole (pagetune_max_file_bytes). */
  public static final long DEFAULT_BYTES = 32L * 1024 * 1024;

  public static final OutputLimit DEFAULT = new OutputLimit(DEFAULT_BYTES);

  public OutputLimit {
    if (maxBytes < 1) {
      throw new IllegalArgumentException(VARIABLE + " must be at least 1, got " + maxBytes);
    }
  }

  /** The host's limit from its variables; the default when unset. */
  public static OutputLimit of(Map<String, Object> vars) {
    Object value = vars.get(VARIABLE);
    if (value == null) {
      return DEFAULT;
    }
    String text = value.toString().strip();
    if (!text.matches("[0-9]{1,18}")) {
      throw new IllegalArgumentException(
          VARIABLE + " must be a whole number of bytes, got '" + text + "'");
    }
    return new OutputLimit(Long.parseLong(text));
  }

  /** The failure of a command or read that went past this limit on {@code host}. */
  public OutputLimitExceeded exceeded(String host, String what) {
    return new OutputLimitExceeded(
        host
            + ": "
            + what
            + " went past the limit of "
            + maxBytes
            + " bytes and was stopped (set "
            + VARIABLE
            + " to raise it)");
  }

  /** All of {@code in}, or empty when it holds more than this limit (never read far past it). */
  public Optional<byte[]> readAll(InputStream in) throws IOException {
    return readAtMost(in, maxBytes);
  }

  static Optional<byte[]> readAtMost(InputStream in, long max) throws IOException {
    ByteArrayOutputStream buf = new ByteArrayOutputStream();
    byte[] chunk = new byte[8192];
    int n;
    while ((n = in.read(chunk)) > 0) {
      if (buf.size() + (long) n > max) {
        return Optional.empty();
      }
      buf.write(chunk, 0, n);
    }
    return Optional.of(buf.toByteArray());
  }
}
