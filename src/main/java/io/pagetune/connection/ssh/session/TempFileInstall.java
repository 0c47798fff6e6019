package io.pagetune.connection.ssh.session;

import io.pagetune.connection.AtomicInstall;
import io.pagetune.connection.Become;
import io.pagetune.connection.ShellQuote;
import io.pagetune.connection.TempNames;

/**
 * The shell side of an atomic write: content streamed into a hidden temp file next to the target
 * ({@code .<name>.pagetune-<random>}), or staged in /tmp for a become-root write, then checked,
 * given its mode and owner and renamed over the target; what killed writes left is removed first,
 * and a failed write removes its own temp file.
 */
final class TempFileInstall {
  private final FileScripts scripts;

  TempFileInstall(FileScripts scripts) {
    this.scripts = scripts;
  }

  /** A private staging file in /tmp for a become-root write of {@code path}. */
  static String stagingFor(String path) {
    return "/tmp/." + baseName(path) + ".pagetune-" + RandomHex.of(6);
  }

  static String tempNameFor(String path) {
    int slash = path.lastIndexOf('/');
    String dir = slash < 0 ? "" : path.substring(0, slash + 1);
    String name = path.substring(slash + 1);
    return dir + "." + name + ".pagetune-" + RandomHex.of(6);
  }

  static String baseName(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** Streams {@code content} on stdin into a new private {@code file}. */
  void upload(byte[] content, String file, String path, Become become) {
    // noclobber: never write through a file or link that is already there
    String upload = "umask 077; set -C; cat > " + ShellQuote.quote(file);
    ExecChannel.Raw r = scripts.run(upload, content, become, "upload " + path);
    if (r.exitCode() != 0) {
      removeQuietly(file, become);
      throw scripts.failure("upload", path, r);
    }
  }

  /**
   * Checks the temp file holds every byte, sets mode and owner, then renames it over the target
   * (same directory, so the rename is atomic). On any failure the temp file is removed.
   */
  void finish(
      String source,
      String tmp,
      String path,
      int length,
      int mode,
      String owner,
      String group,
      Become become) {
    StringBuilder s = new StringBuilder();
    s.append("t=").append(ShellQuote.quote(tmp)).append('\n');
    // temp files a killed write of this target left behind go first
    String prefix = tmp.substring(0, tmp.lastIndexOf(".pagetune-") + ".pagetune-".length());
    s.append("for f in ").append(ShellQuote.quote(prefix)).append("*; do\n");
    // a hex suffix only; a case pattern, as Solaris 10's sh has no ${f##...}
    String p = ShellQuote.quote(prefix);
    s.append("  case \"$f\" in ").append(p).append('|').append(p);
    s.append("*[!0-9a-f]*) continue ;; esac\n");
    s.append("  [ \"$f\" = \"$t\" ] || [ ! -f \"$f\" ] || rm -f -- \"$f\"\n");
    s.append("done\n");
    if (source != null) {
      s.append(staleStagingRemoval(path));
    }
    // with a staging file: check and copy it next to the target first
    s.append("s=").append(source == null ? "" : ShellQuote.quote(source)).append('\n');
    s.append("if ").append(AtomicInstall.chain(length, source != null, mode, owner, group, path));
    s.append("; then ok=0; else ok=1; rm -f -- \"$t\"; fi\n");
    s.append("[ -z \"$s\" ] || rm -f -- \"$s\"\nexit $ok\n");
    ExecChannel.Raw r;
    try {
      r = scripts.run(s.toString(), new byte[0], become, "install " + path);
    } catch (io.pagetune.connection.BecomeRefused e) {
      if (source != null) {
        removeQuietly(source, Become.NONE); // sudo or su refused before the script ran
      }
      throw e;
    }
    if (r.exitCode() != 0) {
      if (source != null) {
        removeQuietly(source, Become.NONE);
      }
      throw scripts.failure("write", path, r);
    }
  }

  /**
   * Removes the staging files in /tmp that killed become-root writes of a target named like {@code
   * path} left: a day old, so that no write in progress (of another target with the same name) can
   * lose its own.
   */
  static String staleStagingRemoval(String path) {
    return "find /tmp/. ! -name . -prune -type f -name "
        + ShellQuote.quote(new TempNames(baseName(path)).prefix() + "*")
        + " -mtime +0 -exec rm -f {} + 2>/dev/null\n";
  }

  void removeQuietly(String tmp, Become become) {
    try {
      scripts.run("rm -f -- " + ShellQuote.quote(tmp), new byte[0], become, "rm temp");
    } catch (RuntimeException ignored) {
      // the temp file is hidden and named after its target; it may stay
    }
  }
}
