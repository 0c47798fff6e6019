package io.pagetune.cli;

/** {@code --output}: human console text, or one JSON event per line. */
public enum OutputFormat {
  TEXT,
  JSON
}
