package io.pagetune.modules;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;

/** A {@code pagetune_max_*_bytes} variable's value: a whole number of bytes, validated once. */
final class ByteCountVariable {
  private ByteCountVariable() {}

  /**
   * The value as bytes, or {@code defaultBytes} when it is absent.
   *
   * @throws InputException naming the variable when it is no whole number or below {@code min}
   */
  static long parse(
      String variable, Object value, long defaultBytes, long min, SourceLocation where) {
    if (value == null) {
      return defaultBytes;
    }
    long bytes =
        ArgCoercion.toLong(
            value,
            () ->
                new InputException(
                    where, variable + " must be a whole number of bytes, got '" + value + "'"));
    if (bytes < min) {
      throw new InputException(where, variable + " must be at least " + min + ", got " + bytes);
    }
    return bytes;
  }
}
