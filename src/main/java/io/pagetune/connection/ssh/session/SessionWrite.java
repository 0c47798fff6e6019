package io.pagetune.connection.ssh.session;

import io.pagetune.connection.AtomicWriteScript;
import io.pagetune.connection.PutOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * An atomic write in one round trip: the whole {@link AtomicWriteScript}, content included, read by
 * a {@code /bin/sh} on the host's shell session, instead of a stat, an SFTP upload (open, writes,
 * close), a chmod and a rename or an install script. It applies to content up to {@link #MAX_BYTES}
 * (escaped content is up to four times larger, and a bigger file is better streamed), with a free
 * shell session, and for become only when sudo asks no password; otherwise the caller takes the
 * usual path.
 */
final class SessionWrite {
  /** The largest content written this way. */
  static final int MAX_BYTES = 256 * 1024;

  private final HostCommands commands;
  private final TaskTimeout taskTimeout;

  SessionWrite(HostCommands commands, TaskTimeout taskTimeout) {
    this.commands = commands;
    this.taskTimeout = taskTimeout;
  }

  /** Writes the file and returns true, or returns false when this path does not apply. */
  boolean put(byte[] content, String path, PutOptions options) {
    if (content.length > MAX_BYTES) {
      return false;
    }
    return run(
        AtomicWriteScript.of(
            content, path, options.mode(), options.owner(), options.group(), RandomHex.of(12)),
        options);
  }

  /** Runs a prepared script (tests give one with a wrong expected checksum). */
  boolean run(AtomicWriteScript script, PutOptions options) {
    String path = script.path();
    // a become-root write also clears what killed writes of the staging path left in /tmp
    boolean asRoot = options.become().enabled() && options.become().user().equals("root");
    String text = (asRoot ? TempFileInstall.staleStagingRemoval(path) : "") + script.text();
    ExecChannel.Raw r =
        commands.runScriptOnSession(text, options.become(), taskTimeout.get(), "write " + path);
    if (r == null) {
      return false;
    }
    String out = new String(r.stdout(), StandardCharsets.UTF_8);
    if (r.exitCode() == 0 && script.readBackMatches(out)) {
      return true;
    }
    throw failure(path, r, out);
  }

  private UncheckedIOException failure(String path, ExecChannel.Raw r, String out) {
    String err =
        new String(r.stderr(), StandardCharsets.UTF_8).strip().replaceAll("\\s*\\R\\s*", " ");
    String why;
    if (r.timedOut()) {
      why = "timed out";
    } else if (r.exitCode() == AtomicWriteScript.IS_DIRECTORY) {
      return new UncheckedIOException(
          new IOException(commands.host() + ": cannot write " + path + ": it is a directory"));
    } else if (r.exitCode() == AtomicWriteScript.TEMP_TAKEN) {
      why = "the temp file's name was taken";
    } else if (r.exitCode() == 0) {
      why = "the file read back after the rename is not the content written";
    } else {
      why = err;
    }
    return FileScripts.cannot(commands.host(), "write", path, r.exitCode(), why);
  }
}
