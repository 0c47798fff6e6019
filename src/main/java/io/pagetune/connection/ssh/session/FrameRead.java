package io.pagetune.connection.ssh.session;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A blocking read of one framed stream on the caller's thread, bounded by a deadline: sshj's
 * channel streams have no read timeout, so a timer interrupts the blocked read when the deadline
 * passes. The interrupt is consumed here, whether it came during the read or just after it, so it
 * never reaches the caller.
 */
final class FrameRead {
  private static final int READING = 0;
  private static final int INTERRUPTING = 1;
  private static final int INTERRUPTED = 2;
  private static final int DONE = 3;

  private FrameRead() {}

  /** A stream went past the output limit. */
  static final class Overflow extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Overflow() {
      super("output limit", null, false, false);
    }
  }

  /**
   * Reads until the frame is complete (TRUE), the stream ends (FALSE) or {@code limit} passes
   * (null); past {@code maxBytes} it throws {@link Overflow}. An interrupt that is not the
   * deadline's is thrown as {@link InterruptedIOException}.
   */
  static Boolean read(
      InputStream in, FrameEnd frame, Duration limit, long maxBytes, ScheduledExecutorService timer)
      throws IOException {
    Thread reader = Thread.currentThread();
    AtomicInteger state = new AtomicInteger(READING);
    ScheduledFuture<?> alarm =
        timer.schedule(
            () -> {
              if (state.compareAndSet(READING, INTERRUPTING)) {
                reader.interrupt();
                state.set(INTERRUPTED);
              }
            },
            Math.max(1, limit.toNanos()),
            TimeUnit.NANOSECONDS);
    byte[] buf = new byte[8192];
    try {
      while (true) {
        int n = in.read(buf);
        if (n < 0) {
          return Boolean.FALSE;
        }
        if (n > 0 && frame.add(buf, 0, n)) {
          return Boolean.TRUE;
        }
        if (frame.received() > maxBytes) {
          throw new Overflow();
        }
      }
    } catch (InterruptedIOException e) {
      if (state.get() == READING) {
        throw e;
      }
      return null;
    } finally {
      alarm.cancel(false);
      if (!state.compareAndSet(READING, DONE)) {
        while (state.get() != INTERRUPTED) {
          Thread.onSpinWait(); // the alarm is between its check and its interrupt
        }
        Thread.interrupted(); // the deadline's interrupt is ours: it must not reach the caller
      }
    }
  }
}
