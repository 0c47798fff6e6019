package io.pagetune.connection.ssh.session;

import io.pagetune.connection.Become;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The shell scripts of file operations on one host (reads, stats, uploads, installs, id lookups):
 * run within the task's timeout, as the SFTP requests are, and their failures said in one line (a
 * refusal of sudo or su as {@link io.pagetune.connection.BecomeRefused}).
 */
final class FileScripts {
  private final HostCommands commands;
  private final TaskTimeout taskTimeout;

  FileScripts(HostCommands commands, TaskTimeout taskTimeout) {
    this.commands = commands;
    this.taskTimeout = taskTimeout;
  }

  String host() {
    return commands.host();
  }

  /** Runs a script of a file operation, within the task's timeout as its SFTP requests are. */
  ExecChannel.Raw run(String script, byte[] stdin, Become become, String display) {
    return commands.runShell(
        ShellCommand.ownScript(script, become), stdin, become, taskTimeout.get(), display);
  }

  UncheckedIOException failure(String what, String path, ExecChannel.Raw r) {
    String err = text(r.stderr()).strip();
    if (r.timedOut()) {
      err =
          "timed out: no result within the task timeout of " + taskTimeout.get().toSeconds() + " s";
    }
    return cannot(host(), what, path, r.exitCode(), err);
  }

  /** The one-line failure of a file operation: {@code host: cannot what path (exit n: why)}. */
  static UncheckedIOException cannot(
      String host, String what, String path, int exitCode, String why) {
    return new UncheckedIOException(
        new IOException(
            host
                + ": cannot "
                + what
                + " "
                + path
                + " (exit "
                + exitCode
                + (why.isEmpty() ? "" : ": " + why)
                + ")"));
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
