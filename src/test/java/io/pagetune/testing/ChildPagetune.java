package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code pagetune} in a child JVM (the test classpath's {@code io.pagetune.cli.Main}), so that a
 * test can kill it as kill -9 would: no shutdown hook, no finally block runs.
 */
public final class ChildPagetune {
  private final Process process;
  private final Path output;

  private ChildPagetune(Process process, Path output) {
    this.process = process;
    this.output = output;
  }

  /**
   * Starts {@code pagetune args…} with {@code env} added to this JVM's environment and {@code
   * systemProperties} as {@code -D} options; stdout and stderr go to {@code output}.
   */
  public static ChildPagetune start(
      Path output, Map<String, String> env, Map<String, String> systemProperties, String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-XX:+UseSerialGC");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    systemProperties.forEach((k, v) -> command.add("-D" + k + "=" + v));
    command.add("io.pagetune.cli.Main");
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.redirectOutput(output.toFile());
    pb.environment().put("NO_COLOR", "1");
    pb.environment().putAll(env);
    try {
      return new ChildPagetune(pb.start(), output);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** What the child printed so far. */
  public String output() {
    try {
      return Files.readString(output, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Waits until the child printed {@code text} or ended.
   *
   * @return true when it printed it
   */
  public boolean awaitOutput(String text, Duration timeout) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < end) {
      if (output().contains(text)) {
        return true;
      }
      if (!process.isAlive()) {
        return output().contains(text);
      }
      Thread.sleep(20);
    }
    return false;
  }

  /** Kills the child at once (SIGKILL) and waits for it to be gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /**
   * Kills the child; true when the kill ended it, false when it had already ended by itself (a run
   * can finish between a look at whether it is alive and the kill).
   */
  public boolean killedByKill() throws InterruptedException {
    kill();
    return !process.isAlive() && process.exitValue() == 128 + 9;
  }

  /** Waits for the child to end by itself; its exit code. */
  public int await(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("pagetune did not end within " + timeout + ":\n" + output());
    }
    return process.exitValue();
  }

  public boolean alive() {
    return process.isAlive();
  }
}
