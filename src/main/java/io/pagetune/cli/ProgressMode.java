package io.pagetune.cli;

/** {@code --progress}: how a run shows its progress on stderr. */
public enum ProgressMode {
  AUTO,
  TTY,
  PLAIN,
  NONE;

  ProgressMode resolve(boolean terminal) {
    if (this != AUTO) {
      return this;
    }
    return terminal ? TTY : PLAIN;
  }
}
