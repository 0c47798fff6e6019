package io.pagetune.targets.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real {@link LinuxBootConfig} snippet with {@code sh} against a fixture host tree under
 * {@code src/test/resources/facts/boot_config/<name>} (as {@code PAGETUNE_LAB_ROOT}) and parses
 * what it prints: the snippet and the parser are tested together, on real files and links.
 */
final class BootConfigFixture {
  private BootConfigFixture() {}

  static String output(Path root) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("sh", "-c", LinuxBootConfig.script());
    pb.environment().put("PAGETUNE_LAB_ROOT", root.toAbsolutePath().toString());
    pb.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("boot config snippet did not finish");
    }
    return out;
  }

  static LinuxBootConfig of(String name) throws IOException, InterruptedException {
    return LinuxBootConfig.parse(output(Path.of("src/test/resources/facts/boot_config", name)));
  }
}
