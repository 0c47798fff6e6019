package io.pagetune.connection;

import io.pagetune.error.CredentialMask;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What {@code -vv} and {@code -vvv} show: every command sent to a host with its exit code and time
 * ({@code -vv}), and every connection opened with user, address, port and key file, and how long it
 * took ({@code -vvv}). Lines never carry stdin (where become passwords travel), environment values
 * or file contents, nor the commands of a {@code no_log} task ({@link Connection#noLog}), and
 * {@code password=}/{@code token=} parameters are masked.
 */
public final class TracingConnectionFactory implements ConnectionFactory {
  private final ConnectionFactory inner;
  private final Consumer<String> sink;
  private final boolean connections;

  /**
   * @param sink where lines go (stderr)
   * @param connections also trace connection set-up (-vvv)
   */
  public TracingConnectionFactory(
      ConnectionFactory inner, Consumer<String> sink, boolean connections) {
    this.inner = inner;
    this.sink = sink;
    this.connections = connections;
  }

  @Override
  public String type() {
    return inner.type();
  }

  @Override
  public Connection open(ConnectionSpec spec) {
    long start = System.nanoTime();
    if (connections) {
      sink.accept(
          "<"
              + spec.inventoryName()
              + "> ESTABLISH "
              + spec.type().toUpperCase(java.util.Locale.ROOT)
              + " CONNECTION"
              + (spec.user() == null ? "" : " FOR USER: " + spec.user())
              + " TO "
              + spec.address()
              + (spec.port() == null ? "" : ":" + spec.port())
              + (spec.privateKeyFile() == null ? "" : " KEY " + spec.privateKeyFile()));
    }
    Connection c;
    try {
      c = inner.open(spec);
    } catch (RuntimeException e) {
      if (connections) {
        sink.accept(
            "<"
                + spec.inventoryName()
                + "> CONNECT FAILED after "
                + since(start)
                + ": "
                + e.getMessage());
      }
      throw e;
    }
    if (connections) {
      sink.accept("<" + spec.inventoryName() + "> CONNECTED in " + since(start));
    }
    return new Traced(c, false);
  }

  private static String since(long startNanos) {
    return seconds(Duration.ofNanos(System.nanoTime() - startNanos));
  }

  private static String seconds(Duration d) {
    return String.format(java.util.Locale.ROOT, "%.3f s", d.toNanos() / 1e9);
  }

  private final class Traced implements Connection {
    private final Connection c;
    private final boolean hidden;

    /**
     * @param hidden a {@code no_log} task's view: its commands are traced without their text
     */
    Traced(Connection c, boolean hidden) {
      this.c = c;
      this.hidden = hidden;
    }

    @Override
    public Connection noLog() {
      return hidden ? this : new Traced(c, true);
    }

    private void line(String text) {
      sink.accept("<" + c.host() + "> " + CredentialMask.mask(text));
    }

    @Override
    public String host() {
      return c.host();
    }

    @Override
    public CommandResult run(RemoteCommand command, Duration timeout) {
      String become = command.become().enabled() ? " (become " + command.become().user() + ")" : "";
      line("EXEC" + become + ": " + (hidden ? "(hidden: no_log)" : command.display()));
      CommandResult r = c.run(command, timeout);
      line(
          "EXIT "
              + r.exitCode()
              + (r.timedOut() ? " (timed out)" : "")
              + " in "
              + seconds(r.elapsed() == null ? Duration.ZERO : r.elapsed()));
      return r;
    }

    @Override
    public Optional<byte[]> read(String path, Become become) {
      long start = System.nanoTime();
      Optional<byte[]> r = c.read(path, become);
      line(
          "READ "
              + path
              + (r.isPresent() ? " (" + r.get().length + " bytes)" : " (absent)")
              + " in "
              + since(start));
      return r;
    }

    @Override
    public Optional<FileMeta> stat(String path, Become become) {
      long start = System.nanoTime();
      Optional<FileMeta> r = c.stat(path, become);
      line("STAT " + path + (r.isPresent() ? "" : " (absent)") + " in " + since(start));
      return r;
    }

    @Override
    public void put(byte[] content, String path, PutOptions options) {
      long start = System.nanoTime();
      c.put(content, path, options);
      line("PUT " + path + " (" + content.length + " bytes) in " + since(start));
    }

    @Override
    public void useTaskTimeout(Duration timeout) {
      c.useTaskTimeout(timeout);
    }

    @Override
    public void close() {
      c.close();
    }
  }
}
