package io.pagetune.executor;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * How to run: check and diff mode, host limit, tags, extra vars, parallelism.
 *
 * @param forks how many hosts run at once
 * @param commandTimeout default for commands that set no {@code timeout:}
 */
public record RunOptions(
    boolean check,
    boolean diff,
    String limit,
    Set<String> tags,
    Set<String> skipTags,
    Map<String, Object> extraVars,
    int forks,
    boolean forceHandlers,
    boolean detailedExitCode,
    Duration commandTimeout,
    int verbosity) {

  public static final int DEFAULT_FORKS = 100;

  public RunOptions {
    tags = Set.copyOf(tags);
    skipTags = Set.copyOf(skipTags);
    extraVars = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extraVars));
    if (forks < 1) {
      throw new IllegalArgumentException("forks must be at least 1");
    }
  }

  public static RunOptions defaults() {
    return new RunOptions(
        false,
        false,
        null,
        Set.of(),
        Set.of(),
        Map.of(),
        DEFAULT_FORKS,
        false,
        false,
        Duration.ofHours(1),
        0);
  }

  public RunOptions withCheck(boolean c) {
    return new RunOptions(
        c,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withDiff(boolean d) {
    return new RunOptions(
        check,
        d,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withLimit(String l) {
    return new RunOptions(
        check,
        diff,
        l,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withTags(Set<String> t, Set<String> skip) {
    return new RunOptions(
        check,
        diff,
        limit,
        t,
        skip,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withExtraVars(Map<String, Object> vars) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        vars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withForks(int f) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        f,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }

  public RunOptions withDetailedExitCode(boolean d) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        d,
        commandTimeout,
        verbosity);
  }

  public RunOptions withCommandTimeout(Duration t) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        t,
        verbosity);
  }

  /** The {@code -v} count, which content reads as {@code ansible_verbosity}. */
  public RunOptions withVerbosity(int v) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        forceHandlers,
        detailedExitCode,
        commandTimeout,
        v);
  }

  public RunOptions withForceHandlers(boolean f) {
    return new RunOptions(
        check,
        diff,
        limit,
        tags,
        skipTags,
        extraVars,
        forks,
        f,
        detailedExitCode,
        commandTimeout,
        verbosity);
  }
}
