package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.FileEffect;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.modules.TreeBackupLimit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code file}: a path's existence, kind and attributes.
 *
 * <ul>
 *   <li>{@code file}: the file must exist; only its mode/owner/group are fixed.
 *   <li>{@code directory}: created with {@code mkdir -p}; {@code recurse} applies the attributes to
 *       each entry below that differs, one journaled step each (see {@link RecursiveAttributes}).
 *   <li>{@code absent}: removed with {@code rm -rf}; {@code /} and an empty path are refused. The
 *       journal keeps what is removed (a tree as its archive) for rollback; a tree above {@link
 *       TreeBackupLimit} is refused unless {@value #ACCEPT_UNRECOVERABLE} is true.
 *   <li>{@code link}: {@code path} made a symlink to {@code src} (a link there is re-pointed; a
 *       file or directory there is refused).
 *   <li>{@code touch}: unlike Ansible, idempotent: creates an empty file when missing, otherwise
 *       only fixes attributes (timestamps are not updated), so a play run twice reports no change.
 * </ul>
 *
 * Symlinks are refused for every other state: their attributes are not the target's.
 */
public final class FileModule implements Module {
  /**
   * The argument by which a task accepts removing a tree above {@link TreeBackupLimit} without a
   * backup, so that rollback cannot restore it.
   */
  public static final String ACCEPT_UNRECOVERABLE = "accept_unrecoverable_removal";

  /**
   * The argument by which a {@code recurse} task accepts changing more than {@link
   * RecursiveAttributes#MAX_ENTRIES} entries with one unjournaled {@code chmod -R} (only the top
   * path's change is then journaled).
   */
  public static final String ACCEPT_UNJOURNALED = "accept_unjournaled_recurse";

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("path", ArgType.STRING)
                  .aliases("dest", "name")
                  .describe("The path on the host."),
              Arg.optional("state", ArgType.STRING, "file")
                  .choices("file", "directory", "absent", "touch", "link")
                  .describe(
                      "file: must exist (attributes set); directory: created with its parents; absent: removed (journaled with a backup); touch: created empty or its times updated; link: a symbolic link to src."),
              Arg.optional("src", ArgType.STRING).describe("With state=link: the link's target."),
              Arg.optional(ACCEPT_UNRECOVERABLE, ArgType.BOOL, false)
                  .describe(
                      "With state=absent: remove even what cannot be backed up for rollback (a tree over the backup limit)."),
              Arg.optional(ACCEPT_UNJOURNALED, ArgType.BOOL, false)
                  .describe(
                      "With recurse: change attributes of a tree too large to journal file by file."),
              FileAttributes.MODE,
              FileAttributes.OWNER,
              FileAttributes.GROUP,
              Arg.optional("recurse", ArgType.BOOL, false)
                  .describe(
                      "With state=directory: set owner, group and mode on everything below it too."))
          .documented(
              "Manages a path's existence, type (file, directory, link) and owner, group and mode, as Ansible's file does.",
              "- name: directory for the hugetlbfs mount\n  file:\n    path: /mnt/huge\n    state: directory\n    mode: \"0770\"\n");

  @Override
  public String name() {
    return "file";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    String state = args.string("state");
    if (args.bool("recurse") && !state.equals("directory")) {
      throw args.error("recurse", "needs state=directory");
    }
    if (state.equals("link") != args.optString("src").isPresent()) {
      throw args.error(
          "src", state.equals("link") ? "is needed for state=link" : "needs state=link");
    }
    if (args.bool(ACCEPT_UNJOURNALED) && !args.bool("recurse")) {
      throw args.error(ACCEPT_UNJOURNALED, "needs recurse: true");
    }
    if (args.bool(ACCEPT_UNRECOVERABLE) && !state.equals("absent")) {
      throw args.error(ACCEPT_UNRECOVERABLE, "needs state=absent");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String path = args.string("path");
    String state = args.string("state");
    if (path.isBlank()) {
      return Plan.failed("file: empty path");
    }
    if (state.equals("absent")) {
      return absent(path, host, args.bool(ACCEPT_UNRECOVERABLE));
    }
    if (state.equals("link")) {
      return LinkSteps.plan("file", path, args.string("src"), host);
    }
    FileAttributes attrs = FileAttributes.from(args);
    Optional<String> problem = attrs.problem();
    if (problem.isPresent()) {
      return Plan.failed("file: " + problem.get());
    }
    Optional<FileMeta> meta = host.stat(path);
    if (meta.isPresent() && meta.get().type() == FileMeta.Type.SYMLINK) {
      return Plan.failed("file: " + path + " is a symlink; give the path it points to");
    }
    switch (state) {
      case "directory":
        return directory(
            path, meta, attrs, args.bool("recurse"), args.bool(ACCEPT_UNJOURNALED), host);
      case "touch":
        return touch(path, meta, attrs, host);
      default:
        return file(path, meta, attrs);
    }
  }

  private static Plan file(String path, Optional<FileMeta> meta, FileAttributes attrs) {
    if (meta.isEmpty()) {
      return AnsibleFailure.of(
          "file: " + path + " does not exist (state=file does not create files; use touch)",
          "file (" + path + ") is absent, cannot continue");
    }
    if (meta.get().type() != FileMeta.Type.FILE) {
      return Plan.failed("file: " + path + " is a " + kind(meta.get()) + ", not a file");
    }
    return fixes(path, attrs.fixes(path, meta.get()));
  }

  private static Plan directory(
      String path,
      Optional<FileMeta> meta,
      FileAttributes attrs,
      boolean recurse,
      boolean acceptUnjournaled,
      HostState host) {
    if (meta.isEmpty()) {
      List<Step> steps = new ArrayList<>();
      steps.add(
          Step.Exec.of(RemoteCommand.argv("mkdir", "-p", "--", path), "create directory " + path)
              .changing(FileEffect.makeDirectory(path)));
      // a new directory has the umask's mode and our owner: set what was asked for
      steps.addAll(attrs.fixes(path, new FileMeta(path, FileMeta.Type.DIRECTORY, -1, "", "", 0)));
      return Plan.of(steps, List.of());
    }
    if (meta.get().type() != FileMeta.Type.DIRECTORY) {
      return Plan.failed("file: " + path + " is a " + kind(meta.get()) + ", not a directory");
    }
    if (recurse) {
      return RecursiveAttributes.plan(path, meta.get(), attrs, acceptUnjournaled, host);
    }
    return fixes(path, attrs.fixes(path, meta.get()));
  }

  private static Plan touch(
      String path, Optional<FileMeta> meta, FileAttributes attrs, HostState host) {
    if (meta.isEmpty()) {
      CurrentFile current = CurrentFile.read(host, path);
      if (current.parentMissing()) {
        return Plan.failed("file: " + current.notAFile().orElseThrow());
      }
      Step put = new Step.Put(path, new byte[0], attrs.mode(), attrs.owner(), attrs.group(), false);
      return Plan.of(List.of(put), List.of());
    }
    return fixes(path, attrs.fixes(path, meta.get()));
  }

  private static Plan absent(String path, HostState host, boolean acceptUnrecoverable) {
    if (isRootOrCurrent(path)) {
      return Plan.failed("file: refusing to remove " + path);
    }
    Optional<FileMeta> meta = host.stat(path);
    if (meta.isEmpty()) {
      return Plan.upToDate(path + " is absent");
    }
    FileEffect effect = FileEffect.remove(path);
    if (meta.get().type() == FileMeta.Type.DIRECTORY) {
      // the journal keeps the tree's archive so that rollback can restore it: bounded
      TreeBackupLimit limit = host.treeBackupLimit();
      OptionalLong size = host.fact(new TreeSize(path));
      if (size.isEmpty() || size.getAsLong() > limit.maxBytes()) {
        if (!acceptUnrecoverable) {
          return Plan.failed(tooLarge(path, size, limit));
        }
        effect = FileEffect.removeUnrecoverably(path);
      }
    }
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.argv("rm", "-rf", "--", path), "remove " + path)
                .changing(effect)),
        List.of());
  }

  private static String tooLarge(String path, OptionalLong size, TreeBackupLimit limit) {
    return "file: refusing to remove "
        + path
        + ": "
        + (size.isPresent()
            ? "the tree is " + size.getAsLong() + " bytes, above"
            : "its size cannot be measured (du failed), so it may be above")
        + " the "
        + limit.maxBytes()
        + " bytes a removal backs up for rollback ("
        + TreeBackupLimit.VARIABLE
        + "); raise that, or set "
        + ACCEPT_UNRECOVERABLE
        + ": true to remove it for good";
  }

  private static Plan fixes(String path, List<Step> steps) {
    return steps.isEmpty()
        ? Plan.upToDate(path + " already has the desired state and attributes")
        : Plan.of(steps, List.of());
  }

  /** Whether a path names the root or the current directory ("/", "//", "/tmp/..", "."). */
  static boolean isRootOrCurrent(String path) {
    Deque<String> parts = new ArrayDeque<>();
    for (String part : path.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..")) {
        parts.pollLast();
      } else {
        parts.addLast(part);
      }
    }
    return parts.isEmpty();
  }

  private static String kind(FileMeta meta) {
    return meta.type().name().toLowerCase(java.util.Locale.ROOT);
  }
}
