package io.pagetune.playbook;

import java.time.Duration;
import java.util.List;

/**
 * {@code until}/{@code retries}/{@code delay}: the task runs again, {@code delay} apart, until all
 * the {@code until} conditions hold, at most {@code retries} times after the first attempt (as in
 * Ansible: {@code retries: 3} means up to 4 attempts).
 */
public record Retry(List<String> until, int retries, Duration delay) {
  /** Ansible's defaults when only {@code until} is written. */
  public static final int DEFAULT_RETRIES = 3;

  public static final Duration DEFAULT_DELAY = Duration.ofSeconds(5);

  public Retry {
    until = List.copyOf(until);
    if (until.isEmpty()) {
      throw new IllegalArgumentException("until needs at least one condition");
    }
    if (retries < 0 || delay.isNegative()) {
      throw new IllegalArgumentException("retries and delay must not be negative");
    }
  }
}
