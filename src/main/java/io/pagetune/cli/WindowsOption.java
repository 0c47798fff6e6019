package io.pagetune.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --windows FILE}: the change windows, when not windows.yml beside the inventory. */
public final class WindowsOption {
  @Option(
      names = "--windows",
      paramLabel = "FILE",
      description = "Change windows file (default: windows.yml beside the inventory).")
  Path file;
}
