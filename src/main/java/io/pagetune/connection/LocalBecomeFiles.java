package io.pagetune.connection;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;

/**
 * File reads, stats and atomic writes of a {@link LocalConnection} as the become user: small shell
 * scripts run through sudo or su, the content of a write streamed on stdin into a hidden temp file
 * next to the target ({@code cat > tmp}), checked for length and renamed over the target only when
 * complete, so the target is never half-written and the temp file is removed on any failure.
 */
final class LocalBecomeFiles {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Duration META_TIMEOUT = Duration.ofSeconds(60);
  private static final Duration WRITE_TIMEOUT = Duration.ofMinutes(10);

  private final LocalProcesses local;

  LocalBecomeFiles(LocalProcesses local) {
    this.local = local;
  }

  Optional<byte[]> read(String path, Become become) {
    String user = become.user();
    String script = StatOutput.readScript(ShellQuote.quote(path));
    LocalProcesses.Raw r = local.asUser(become, script, new byte[0], META_TIMEOUT);
    if (r.overflow() != null) {
      throw local.outputLimit().exceeded(local.host(), "the read of " + path);
    }
    if (StatOutput.isMissing(r.exitCode(), text(r.stderr()))) {
      return Optional.empty();
    }
    if (r.exitCode() != 0) {
      throw failure("read", path, user, r);
    }
    return Optional.of(r.stdout());
  }

  Optional<FileMeta> stat(String path, Become become) {
    LocalProcesses.Raw r =
        local.asUser(become, StatOutput.script(ShellQuote.quote(path)), new byte[0], META_TIMEOUT);
    if (r.exitCode() != 0) {
      throw failure("stat", path, become.user(), r);
    }
    return StatOutput.parse(path, text(r.stdout()));
  }

  void put(byte[] content, String path, PutOptions options) {
    String user = options.become().user();
    Optional<FileMeta> existing = stat(path, options.become());
    if (existing.isPresent() && existing.get().type() == FileMeta.Type.DIRECTORY) {
      throw new UncheckedIOException(
          new IOException("cannot write " + path + " as " + user + ": it is a directory"));
    }
    int mode =
        options.mode() != null ? options.mode() : existing.map(FileMeta::mode).orElse(0644) & 07777;
    String owner =
        options.owner() != null ? options.owner() : existing.map(FileMeta::owner).orElse(null);
    String group =
        options.group() != null ? options.group() : existing.map(FileMeta::group).orElse(null);
    LocalProcesses.Raw r =
        local.asUser(
            options.become(),
            writeScript(path, content.length, mode, owner, group),
            content,
            WRITE_TIMEOUT);
    if (r.exitCode() != 0) {
      throw failure("write", path, user, r);
    }
  }

  /** Content on stdin into a new private temp file; length checked, then mode, owner, rename. */
  static String writeScript(String path, int length, int mode, String owner, String group) {
    int slash = path.lastIndexOf('/');
    String tmp =
        path.substring(0, slash + 1)
            + "."
            + path.substring(slash + 1)
            + ".pagetune-"
            + HexFormat.of().toHexDigits(RANDOM.nextInt());
    StringBuilder s = new StringBuilder();
    s.append("t=").append(ShellQuote.quote(tmp)).append('\n');
    // noclobber: never write through a file or link that is already there
    s.append("umask 077; set -C\n");
    s.append("if cat > \"$t\" && ")
        .append(AtomicInstall.chain(length, false, mode, owner, group, path));
    s.append("; then exit 0; fi\nrm -f -- \"$t\"\nexit 1\n");
    return s.toString();
  }

  private static UncheckedIOException failure(
      String what, String path, String user, LocalProcesses.Raw r) {
    String err = text(r.stderr()).strip();
    if (r.timedOut()) {
      err = "timed out";
    }
    return new UncheckedIOException(
        new IOException(
            "cannot "
                + what
                + " "
                + path
                + " as "
                + user
                + " (exit "
                + r.exitCode()
                + (err.isEmpty() ? "" : ": " + err.replaceAll("\\s*\\R\\s*", " "))
                + ")"));
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }
}
