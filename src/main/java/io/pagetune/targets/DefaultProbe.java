package io.pagetune.targets;

import java.util.Objects;
import java.util.Optional;

/**
 * A target's built-in benefit probe: the shell command a restart of it times before and after
 * itself when the host declares no {@code benefit_probe} command of its own, and what runs once
 * untimed before each series (to load what the command reads into the cache).
 */
public record DefaultProbe(String command, Optional<String> warmup) {
  public DefaultProbe {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(warmup, "warmup");
  }
}
