package io.pagetune.connection;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The processes of a {@link LocalConnection}: argv run without a shell in between, stdin fed and
 * both streams pumped (each stopped at the output limit), killed with their process tree at their
 * timeout; as another user through sudo (the password first on stdin only when sudo asks for it) or
 * su, a refusal of either thrown as {@link BecomeRefused}.
 */
final class LocalProcesses {
  private final String host;
  private final LocalSudo sudo;
  private final OutputLimit limit;
  private final Map<List<String>, Boolean> sudoWithoutPassword = new ConcurrentHashMap<>();

  /**
   * Pumps for the streams of this connection's processes. Not the common pool: every pump blocks
   * until its process ends, and many hosts at once would starve a small shared pool.
   */
  private final ExecutorService io =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "pagetune-local-io");
            t.setDaemon(true);
            return t;
          });

  LocalProcesses(String host, LocalSudo sudo, OutputLimit limit) {
    this.host = host;
    this.sudo = sudo;
    this.limit = limit;
  }

  String host() {
    return host;
  }

  /** The most bytes one command's stream or one file read may bring on this host. */
  OutputLimit outputLimit() {
    return limit;
  }

  /**
   * What a process left behind; {@code exitCode} is -1 when it was killed at its timeout. {@code
   * overflow} names the stream that went past the output limit (the process was then killed), or is
   * null.
   */
  record Raw(
      int exitCode,
      byte[] stdout,
      byte[] stderr,
      Duration elapsed,
      boolean timedOut,
      String overflow) {

    /** Fails the host when a stream went past {@code limit}; {@code what} names the command. */
    void requireWithin(OutputLimit limit, String host, String what) {
      if (overflow != null) {
        throw limit.exceeded(host, "the " + overflow + " of " + what);
      }
    }
  }

  /**
   * Runs {@code shell} as the become user through sudo or su. sudo gets the password first on stdin
   * when it asks for one; when it does not ask (NOPASSWD, or already root) it is not sent, or it
   * would become the command's input. su's wrapper always takes a first line (empty without a
   * password). A refusal of sudo or su throws {@link BecomeRefused}.
   */
  Raw asUser(Become become, String shell, byte[] stdin, Duration timeout) {
    Optional<String> password = sudo.password().get();
    String marked = BecomeMarker.marked(shell);
    List<String> argv;
    String first = null;
    if (become.method().isSu()) {
      argv = List.of("/bin/sh", "-c", BecomeShell.render(become, marked));
      first = password.orElse("");
    } else {
      boolean send = password.isPresent() && !sudoNeedsNoPassword(become);
      argv = BecomeShell.sudoArgv(become, sudo.program(), send, marked);
      first = send ? password.get() : null;
    }
    byte[] input = stdin;
    if (first != null) {
      byte[] pw = (first + "\n").getBytes(StandardCharsets.UTF_8);
      input = new byte[pw.length + stdin.length];
      System.arraycopy(pw, 0, input, 0, pw.length);
      System.arraycopy(stdin, 0, input, pw.length, stdin.length);
    }
    Raw r = exec(argv, input, timeout);
    BecomeMarker.Outcome o = BecomeMarker.of(become, r.exitCode(), r.timedOut(), r.stderr());
    if (o.refused() && r.overflow() == null) {
      throw BecomeRefused.of(host, become, o.said(), password.isPresent());
    }
    return new Raw(r.exitCode(), r.stdout(), o.stderr(), r.elapsed(), r.timedOut(), r.overflow());
  }

  /** Asked once per sudo program and become user: does sudo run without a password? */
  private boolean sudoNeedsNoPassword(Become become) {
    List<String> probe = sudo.probe(become.method().exeOr(sudo.program()), become.user());
    return sudoWithoutPassword.computeIfAbsent(
        probe, p -> exec(p, new byte[0], Duration.ofSeconds(30)).exitCode() == 0);
  }

  /** Runs argv (no shell in between) with raw stdin bytes, killed at its timeout. */
  Raw exec(List<String> argv, byte[] stdin, Duration timeout) {
    long start = System.nanoTime();
    Process p;
    try {
      p = ChildProcesses.builder(argv).start();
    } catch (IOException e) {
      if (argv.get(0).equals("/bin/sh")) {
        throw new ConnectionException(host + ": cannot start /bin/sh: " + e.getMessage(), e);
      }
      // a missing sudo fails the task as a shell would, with 127 and why
      String why = "pagetune: cannot start " + argv.get(0) + ": " + e.getMessage() + "\n";
      return new Raw(
          127,
          new byte[0],
          why.getBytes(StandardCharsets.UTF_8),
          Duration.ofNanos(System.nanoTime() - start),
          false,
          null);
    }
    // past the limit a stream's pump kills the process: the wait below then ends at once
    Process started = p;
    Runnable stop = () -> kill(started);
    CompletableFuture<byte[]> out = drain(p.getInputStream(), io, limit.maxBytes(), stop);
    CompletableFuture<byte[]> err = drain(p.getErrorStream(), io, limit.maxBytes(), stop);
    CompletableFuture<Void> in =
        CompletableFuture.runAsync(
            () -> {
              try (OutputStream os = p.getOutputStream()) {
                os.write(stdin);
              } catch (IOException ignored) {
                // the command did not read all of its stdin; its exit status tells the rest
              }
            },
            io);
    boolean finished;
    try {
      finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(p);
      throw new ConnectionException(host + ": interrupted while running a command", e);
    }
    if (!finished) {
      kill(p);
    }
    in.cancel(true);
    int rc = finished ? p.exitValue() : -1;
    byte[] outBytes = bytes(out);
    byte[] errBytes = bytes(err);
    String overflow = outBytes == null ? "output" : errBytes == null ? "error output" : null;
    return new Raw(
        rc,
        outBytes == null ? new byte[0] : outBytes,
        errBytes == null ? new byte[0] : errBytes,
        Duration.ofNanos(System.nanoTime() - start),
        !finished && overflow == null,
        overflow);
  }

  private static void kill(Process p) {
    // TERM first: sudo passes it on to a command it runs as another user, which this process
    // may not signal itself; the tree is taken first, as a parent that dies orphans its children
    List<ProcessHandle> tree = p.descendants().toList();
    p.destroy();
    tree.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    while (System.nanoTime() < deadline
        && (p.isAlive() || tree.stream().anyMatch(ProcessHandle::isAlive))) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    tree.forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    try {
      p.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The stream's bytes, or null when it went past {@code max} (then {@code stop} has run). */
  private static CompletableFuture<byte[]> drain(
      InputStream s, Executor io, long max, Runnable stop) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (s) {
            Optional<byte[]> all = OutputLimit.readAtMost(s, max);
            if (all.isEmpty()) {
              stop.run();
              return null;
            }
            return all.get();
          } catch (IOException e) {
            return new byte[0];
          }
        },
        io);
  }

  private static byte[] bytes(CompletableFuture<byte[]> f) {
    try {
      // an overflowing pump is still killing the process: wait for that too
      return f.get(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      return new byte[0];
    }
  }
}
