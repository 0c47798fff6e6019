package io.pagetune.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * stdout or stderr of the CLI: everything printed passes {@link TerminalText#escape}, whatever path
 * printed it (results, diffs, tables, errors), so no text from a host reaches the terminal raw.
 * pagetune's own colour and line-clearing sequences go through {@link #control} instead. The secret
 * values a command was given ({@link #hide}) are shown as {@code ***} wherever they would appear in
 * one printed piece of text.
 */
public final class TerminalStream extends PrintStream {
  /** Shorter values are not masked: masking "a" would garble every line. */
  static final int MIN_SECRET_LENGTH = 4;

  private final OutputStream raw;
  private final Escaping escaping;

  private TerminalStream(OutputStream raw, Escaping escaping) {
    super(escaping, true, StandardCharsets.UTF_8);
    this.raw = raw;
    this.escaping = escaping;
  }

  /** Text printed on this stream reaches {@code raw} escaped, as UTF-8. */
  public static TerminalStream over(OutputStream raw) {
    return new TerminalStream(raw, new Escaping(raw));
  }

  /** From now on these values never appear in what this stream prints. */
  public void hide(java.util.Collection<String> secrets) {
    flush();
    for (String s : secrets) {
      if (s != null && s.length() >= MIN_SECRET_LENGTH) {
        escaping.secrets.add(s);
      }
    }
  }

  /** {@link #hide} on a terminal stream; nothing on any other stream. */
  public static void hide(PrintStream out, java.util.Collection<String> secrets) {
    if (out instanceof TerminalStream t) {
      t.hide(secrets);
    }
  }

  /** Writes one of pagetune's own terminal sequences (colour, clearing a line) unescaped. */
  public synchronized void control(String sequence) {
    flush();
    try {
      raw.write(sequence.getBytes(StandardCharsets.US_ASCII));
      raw.flush();
    } catch (IOException e) {
      setError();
    }
  }

  /** {@link #control} on a terminal stream; printed as it is on any other stream (tests). */
  public static void control(PrintStream out, String sequence) {
    if (out instanceof TerminalStream t) {
      t.control(sequence);
    } else {
      out.print(sequence);
    }
  }

  /** Decodes the UTF-8 printed, escapes it, and passes it on; a split character waits whole. */
  private static final class Escaping extends OutputStream {
    private final OutputStream raw;
    private final java.util.Set<String> secrets = new java.util.concurrent.CopyOnWriteArraySet<>();
    private byte[] carry = new byte[0];

    Escaping(OutputStream raw) {
      this.raw = raw;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      byte[] all = Arrays.copyOf(carry, carry.length + len);
      System.arraycopy(b, off, all, carry.length, len);
      int complete = completeLength(all);
      carry = Arrays.copyOfRange(all, complete, all.length);
      String text = new String(all, 0, complete, StandardCharsets.UTF_8);
      for (String secret : secrets) {
        text = text.replace(secret, io.pagetune.error.CredentialMask.MASK);
      }
      raw.write(TerminalText.escape(text).getBytes(StandardCharsets.UTF_8));
    }

    /** The length up to the last whole UTF-8 character (a lead byte without its tail waits). */
    private static int completeLength(byte[] bytes) {
      int n = bytes.length;
      for (int back = 1; back <= Math.min(3, n); back++) {
        int b = bytes[n - back] & 0xFF;
        if (b < 0x80) {
          return n;
        }
        if (b >= 0xC0) {
          int need = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
          return need > back ? n - back : n;
        }
      }
      return n;
    }

    @Override
    public void flush() throws IOException {
      raw.flush();
    }

    @Override
    public synchronized void close() throws IOException {
      if (carry.length > 0) {
        raw.write(new String(carry, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
        carry = new byte[0];
      }
      raw.close();
    }
  }
}
