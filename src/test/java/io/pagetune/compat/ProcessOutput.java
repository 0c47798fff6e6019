package io.pagetune.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A child process's exit code, stdout and stderr (both kept in files under {@code dir}). */
record ProcessOutput(int exitCode, String stdout, String stderr) {

  /** Runs {@code command} in {@code dir} with {@code env} (replacing this JVM's), up to timeout. */
  static ProcessOutput run(
      List<String> command, Map<String, String> env, Path dir, String name, Duration timeout) {
    try {
      Path out = dir.resolve(name + ".stdout");
      Path err = dir.resolve(name + ".stderr");
      ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
      pb.environment().clear();
      pb.environment().putAll(env);
      pb.redirectOutput(out.toFile()).redirectError(err.toFile());
      Process p = pb.start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new AssertionError(name + " did not end within " + timeout + ": " + command);
      }
      return new ProcessOutput(
          p.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
