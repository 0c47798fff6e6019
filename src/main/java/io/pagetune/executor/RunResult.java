package io.pagetune.executor;

import io.pagetune.report.RunSummary;

/** The summary of a finished run and the exit status it maps to. */
public record RunResult(RunSummary summary, ExitStatus exit) {}
