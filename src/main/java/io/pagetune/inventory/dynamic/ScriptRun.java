package io.pagetune.inventory.dynamic;

import io.pagetune.connection.ChildProcesses;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One run of an inventory script: its stdout and stderr read while it runs (a chatty stderr cannot
 * block it), stopped with its children when it outlives the time limit, stdout capped. Started
 * through {@link ChildProcesses}, so the script never sees pagetune's secrets.
 */
final class ScriptRun {
  /** Large enough for tens of thousands of hosts with their variables. */
  static final int MAX_OUTPUT = 256 * 1024 * 1024;

  private ScriptRun() {}

  /** What a script printed: stdout whole, stderr on one line (empty when it printed none). */
  record Output(byte[] stdout, String stderr) {
    /** The stderr, as a suffix of a message. */
    String stderrSuffix() {
      return stderr.isEmpty() ? "" : "; stderr: " + stderr;
    }
  }

  /** What the script printed; throws naming the script when it fails or outlives the limit. */
  static Output output(List<String> argv, String label, Duration timeout) {
    SourceLocation at = SourceLocation.of(label);
    String call = String.join(" ", argv.subList(1, argv.size()));
    Process p;
    try {
      p =
          ChildProcesses.builder(argv)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      throw new InputException(at, "cannot run the inventory script: " + e.getMessage());
    }
    CompletableFuture<byte[]> out =
        CompletableFuture.supplyAsync(() -> read(p.getInputStream()), ScriptRun::reader);
    CompletableFuture<byte[]> err =
        CompletableFuture.supplyAsync(() -> read(p.getErrorStream()), ScriptRun::reader);
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new InputException(
            at,
            "the inventory script did not finish "
                + call
                + " within "
                + seconds(timeout)
                + " and was stopped");
      }
      byte[] stdout = out.join();
      String stderr = stderr(err.join());
      if (p.exitValue() != 0) {
        throw new InputException(
            at,
            "the inventory script failed with exit code "
                + p.exitValue()
                + " on "
                + call
                + (stderr.isEmpty() ? " (no stderr)" : ": " + stderr));
      }
      if (stdout.length > MAX_OUTPUT) {
        throw new InputException(
            at, "the inventory script printed more than " + MAX_OUTPUT + " bytes on " + call);
      }
      return new Output(stdout, stderr);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new InputException(at, "interrupted while the inventory script ran");
    }
  }

  /**
   * A thread of its own per stream: a blocking read must not hold a shared pool's thread, and a
   * daemon, so that a stopped script's child still holding the pipe cannot keep pagetune alive.
   */
  private static void reader(Runnable read) {
    Thread t = new Thread(read, "inventory-script-output");
    t.setDaemon(true);
    t.start();
  }

  /** The script's stderr on one line, shortened: it goes into a one-line error. */
  static String stderr(byte[] err) {
    String text = new String(err, StandardCharsets.UTF_8).strip().replaceAll("\\s*\\R\\s*", " / ");
    return text.length() > 500 ? text.substring(0, 500) + "…" : text;
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Reads to the end, keeping at most one byte more than the cap (enough to tell it was over). */
  private static byte[] read(InputStream in) {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    byte[] chunk = new byte[65536];
    try (in) {
      int n;
      while ((n = in.read(chunk)) >= 0) {
        if (buffer.size() <= MAX_OUTPUT) {
          buffer.write(chunk, 0, Math.min(n, MAX_OUTPUT + 1 - buffer.size()));
        }
      }
    } catch (IOException e) {
      // the process was stopped: what was read is all there is
    }
    return buffer.toByteArray();
  }
}
