package io.pagetune.cli;

import io.pagetune.error.CredentialMask;
import io.pagetune.error.EnvironmentException;
import io.pagetune.error.InputException;
import io.pagetune.executor.ExitStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * Turns what ended a command into its exit code and one line on stderr: input errors (4), faults of
 * the control node (6) and everything else, a bug (1). Every line is credential-masked, since
 * messages may echo a URL the user gave. A stack trace only with {@code --stacktrace}.
 */
final class ErrorExit {
  private final PrintStream err;

  ErrorExit(PrintStream err) {
    this.err = err;
  }

  int report(Throwable ex, boolean stacktrace) {
    ExitStatus status = classify(ex);
    switch (status) {
      case INVALID_INPUT -> err.println(oneLine(ex.getMessage()));
      case ENVIRONMENT_FAULT -> err.println("pagetune: " + environmentMessage(ex));
      default -> err.println("pagetune: internal error: " + oneLine(ex.toString()));
    }
    if (stacktrace) {
      ex.printStackTrace(err);
    } else if (status == ExitStatus.INTERNAL_ERROR) {
      err.println("(run again with --stacktrace for details)");
    }
    return status.code();
  }

  static ExitStatus classify(Throwable ex) {
    if (ex instanceof InputException) {
      return ExitStatus.INVALID_INPUT;
    }
    if (ex instanceof UncheckedIOException
        || (ex instanceof IOException
            && !(ex instanceof com.fasterxml.jackson.core.JsonProcessingException))) {
      // reading and writing the control node's own files; JSON we produce failing is a bug
      return ExitStatus.ENVIRONMENT_FAULT;
    }
    // a host's worker thread hands its fault over wrapped
    return environmentCause(ex) != null ? ExitStatus.ENVIRONMENT_FAULT : ExitStatus.INTERNAL_ERROR;
  }

  private static Throwable environmentCause(Throwable ex) {
    for (Throwable t = ex; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof EnvironmentException || t instanceof OutOfMemoryError) {
        return t;
      }
    }
    return null;
  }

  private static String environmentMessage(Throwable thrown) {
    Throwable cause = environmentCause(thrown);
    Throwable ex = cause == null ? thrown : cause;
    if (ex instanceof OutOfMemoryError) {
      return "the control node ran out of memory ("
          + oneLine(ex.getMessage())
          + "); give the JVM more with PAGETUNE_JAVA_OPTS=-Xmx…";
    }
    if (ex instanceof EnvironmentException) {
      return oneLine(ex.getMessage());
    }
    return "control node I/O error: " + oneLine(ex.getMessage());
  }

  /** The first line, masked: a wrapped driver message may span lines and carry a URL. */
  static String oneLine(String message) {
    if (message == null) {
      return "";
    }
    String first = message.strip();
    int nl = first.indexOf('\n');
    if (nl >= 0) {
      first = first.substring(0, nl).strip();
    }
    return CredentialMask.mask(first);
  }
}
