package io.pagetune.template;

import java.io.IOException;
import java.io.Writer;

/** Collects template output and refuses to grow past a limit (FreeMarker stops at the refusal). */
final class BoundedWriter extends Writer {
  private final StringBuilder out = new StringBuilder();
  private final long limit;

  BoundedWriter(long limit) {
    this.limit = limit;
  }

  /** Thrown through FreeMarker when the output would pass the limit. */
  static final class OutputTooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    OutputTooLarge(long limit) {
      super("output is larger than " + limit + " characters");
    }
  }

  @Override
  public void write(char[] cbuf, int off, int len) throws IOException {
    ensureRoom(len);
    out.append(cbuf, off, len);
  }

  @Override
  public void write(String str, int off, int len) throws IOException {
    ensureRoom(len);
    out.append(str, off, off + len);
  }

  @Override
  public void write(int c) throws IOException {
    ensureRoom(1);
    out.append((char) c);
  }

  private void ensureRoom(int len) throws OutputTooLarge {
    if (out.length() + (long) len > limit) {
      throw new OutputTooLarge(limit);
    }
  }

  @Override
  public void flush() {}

  @Override
  public void close() {}

  @Override
  public String toString() {
    return out.toString();
  }
}
