package io.pagetune.connection;

/**
 * The checksum POSIX {@code cksum} prints: a CRC-32 with polynomial 0x04C11DB7 taken most
 * significant bit first (not the reflected zip CRC of {@link java.util.zip.CRC32}), over the bytes
 * followed by their length in as few bytes as it needs, least significant first, then inverted.
 * Every POSIX host has {@code cksum}, so a write can be verified on the host without sending the
 * content back.
 */
public record PosixCksum(long crc, long size) {
  private static final int[] TABLE = table();

  public static PosixCksum of(byte[] data) {
    int crc = 0;
    for (byte b : data) {
      crc = (crc << 8) ^ TABLE[((crc >>> 24) ^ b) & 0xff];
    }
    for (long n = data.length; n != 0; n >>>= 8) {
      crc = (crc << 8) ^ TABLE[((crc >>> 24) ^ (int) n) & 0xff];
    }
    return new PosixCksum(Integer.toUnsignedLong(~crc), data.length);
  }

  /** As {@code cksum} prints it for its standard input: {@code "<crc> <size>"}. */
  public String text() {
    return crc + " " + size;
  }

  private static int[] table() {
    int[] t = new int[256];
    for (int i = 0; i < 256; i++) {
      int c = i << 24;
      for (int k = 0; k < 8; k++) {
        c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
      }
      t[i] = c;
    }
    return t;
  }
}
