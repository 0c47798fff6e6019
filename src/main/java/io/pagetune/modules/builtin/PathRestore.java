package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.connection.TempNames;
import io.pagetune.modules.Args;
import io.pagetune.modules.BackupSource;
import io.pagetune.modules.FileEffect;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Optional;

/**
 * {@code restore_file} for changes without content: a removed tree unpacked from the archive the
 * journal kept (or a restored tree removed again), a link re-pointed or removed, a directory the
 * run created removed (only when empty: what is in it was not the run's), mode, owner and group set
 * back. Each step declares its effect, so the restore is journaled in turn.
 */
final class PathRestore {
  private PathRestore() {}

  static Plan plan(Args args, HostState host, BackupSource backups) {
    String path = args.string("path");
    Optional<String> unrecoverable = RestoreFileModule.given(args, "unrecoverable");
    if (unrecoverable.isPresent()) {
      return Plan.failed(path + " cannot be restored: " + unrecoverable.get());
    }
    Optional<FileMeta> meta = host.stat(path);
    boolean absent = args.bool("absent");
    return switch (args.string("kind")) {
      case "tree" -> absent ? removeTree(path, meta) : unpack(args, path, meta, backups);
      case "link" ->
          absent
              ? removeLink(path, meta)
              : LinkSteps.plan("restore_file", path, args.string("link_target"), host);
      case "directory" -> removeDirectory(path, meta);
      default -> attributes(args, path, meta);
    };
  }

  private static Plan unpack(
      Args args, String path, Optional<FileMeta> meta, BackupSource backups) {
    if (meta.isPresent()) {
      return Plan.upToDate(path + " is there");
    }
    String sha = args.string("tree_sha256");
    Optional<byte[]> archive = backups.content(sha);
    if (archive.isEmpty()) {
      return Plan.failed("the archive of " + path + " (" + sha + ") is not in the state store");
    }
    String parent = CurrentFile.parent(path);
    String temp = new TempNames(CurrentFile.basename(path)).next(sha.substring(0, 16));
    String tempPath = (parent.endsWith("/") ? parent : parent + "/") + temp;
    String script =
        "cd -- "
            + ShellQuote.quote(parent)
            + " || exit 1\ntar -xpf "
            + ShellQuote.quote(temp)
            + "\nrc=$?\nrm -f -- "
            + ShellQuote.quote(temp)
            + "\nexit $rc";
    Step.Put put = new Step.Put(tempPath, archive.get(), 0600, null, null, false);
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.script(script), "restore tree " + path)
                .changing(FileEffect.unpackTree(path, put))),
        List.of());
  }

  private static Plan removeTree(String path, Optional<FileMeta> meta) {
    if (meta.isEmpty()) {
      return Plan.upToDate(path + " is already absent");
    }
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.argv("rm", "-rf", "--", path), "remove " + path)
                .changing(FileEffect.remove(path))),
        List.of());
  }

  private static Plan removeLink(String path, Optional<FileMeta> meta) {
    if (meta.isEmpty()) {
      return Plan.upToDate(path + " is already absent");
    }
    if (meta.get().type() != FileMeta.Type.SYMLINK) {
      return Plan.failed(path + " is no longer a symlink; not removed");
    }
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.argv("rm", "-f", "--", path), "remove link " + path)
                .changing(FileEffect.remove(path))),
        List.of());
  }

  private static Plan removeDirectory(String path, Optional<FileMeta> meta) {
    if (meta.isEmpty()) {
      return Plan.upToDate(path + " is already absent");
    }
    if (meta.get().type() != FileMeta.Type.DIRECTORY) {
      return Plan.failed(path + " is no longer a directory; not removed");
    }
    // rmdir: what is still in it was put there by someone else, and is kept
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.argv("rmdir", "--", path), "remove directory " + path)
                .changing(FileEffect.remove(path))),
        List.of());
  }

  private static Plan attributes(Args args, String path, Optional<FileMeta> meta) {
    if (meta.isEmpty()) {
      return Plan.failed(path + " is gone; its attributes cannot be restored");
    }
    FileAttributes attrs =
        new FileAttributes(
            RestoreFileModule.given(args, "original_mode")
                .map(m -> Integer.parseInt(m, 8))
                .orElse(null),
            RestoreFileModule.given(args, "owner").orElse(null),
            RestoreFileModule.given(args, "group").orElse(null));
    List<Step> steps = attrs.fixes(path, meta.get());
    return steps.isEmpty()
        ? Plan.upToDate(path + " has its original attributes")
        : Plan.of(steps, List.of());
  }
}
