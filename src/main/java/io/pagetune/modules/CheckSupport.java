package io.pagetune.modules;

/**
 * Whether a module's plan predicts its effect. {@code NONE} (command, shell) is never run under
 * {@code --check}: the task is reported as skipped, unless the task says {@code check_mode: false}.
 */
public enum CheckSupport {
  FULL,
  NONE
}
