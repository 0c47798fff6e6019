package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.BackupSource;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.state.Sha256;
import java.util.List;
import java.util.Optional;

/**
 * {@code restore_file}: puts back what a file held before a journaled change: the content the
 * journal kept in the state store ({@code content_sha256}, with the original {@code
 * original_mode}/{@code owner}/{@code group}), a backup file on the host ({@code backup}), or no
 * file at all when the change created it ({@code absent}). With {@code expect_sha256} (the checksum
 * the change left, or {@code absent}) a file changed since is not touched unless {@code force}.
 * Changes of other kinds ({@code kind}: a tree, a link, a created directory, attributes) are put
 * back by {@link PathRestore}. Used by {@code pagetune rollback}, so check mode and diffs work as
 * for any module.
 */
public final class RestoreFileModule implements Module {
  /** {@code expect_sha256} value for "the change left no file". */
  public static final String ABSENT = "absent";

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("path", ArgType.STRING).describe("The path to restore."),
              Arg.optional("backup", ArgType.STRING)
                  .describe("The journal backup whose content is put back."),
              Arg.optional("content_sha256", ArgType.STRING).describe("SHA-256 of that content."),
              Arg.optional("absent", ArgType.BOOL, false)
                  .describe("The path did not exist before: remove it."),
              Arg.optional("original_mode", ArgType.STRING)
                  .describe("The mode the path had before."),
              Arg.optional("owner", ArgType.STRING).describe("The owner the path had before."),
              Arg.optional("group", ArgType.STRING).describe("The group the path had before."),
              Arg.optional("expect_sha256", ArgType.STRING)
                  .describe(
                      "SHA-256 the path must have now (what the run wrote); otherwise it changed since and is left alone unless force."),
              Arg.optional("changed_by", ArgType.STRING)
                  .describe("The run whose change is undone, for messages."),
              Arg.optional("force", ArgType.BOOL, false)
                  .describe("Restore even when the path changed since the run."),
              Arg.optional("kind", ArgType.STRING, "content")
                  .choices("content", "tree", "link", "directory", "attributes")
                  .describe(
                      "What is restored: a file's content, a tree, a link, a directory or only attributes."),
              Arg.optional("tree_sha256", ArgType.STRING)
                  .describe("With kind=tree: digest of the tree the run left."),
              Arg.optional("link_target", ArgType.STRING)
                  .describe("With kind=link: the link's old target."),
              Arg.optional("unrecoverable", ArgType.STRING)
                  .describe("Why this change cannot be restored, when it cannot."))
          .documented(
              "Puts a path back as a journaled change found it (what pagetune rollback runs).",
              "- name: restore the sysctl file\n  restore_file:\n    path: /etc/sysctl.d/97-hugepages.conf\n    absent: true\n");

  private final BackupSource backups;

  public RestoreFileModule() {
    this(BackupSource.NONE);
  }

  public RestoreFileModule(BackupSource backups) {
    this.backups = backups;
  }

  @Override
  public String name() {
    return "restore_file";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (!args.string("kind").equals("content")) {
      return; // the other kinds are checked by PathRestore
    }
    int sources =
        (given(args, "backup").isPresent() ? 1 : 0)
            + (given(args, "content_sha256").isPresent() ? 1 : 0)
            + (args.bool("absent") ? 1 : 0);
    if (sources != 1) {
      throw args.error(
          "backup", "or 'content_sha256' or 'absent: true' must be given, and only one of them");
    }
    if (given(args, "original_mode").isPresent()) {
      try {
        Integer.parseInt(args.string("original_mode"), 8);
      } catch (NumberFormatException e) {
        throw args.error("original_mode", "must be an octal mode like 0640");
      }
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    if (!args.string("kind").equals("content")) {
      return PathRestore.plan(args, host, backups);
    }
    CurrentFile current = CurrentFile.read(host, args.string("path"));
    if (args.bool("absent")) {
      if (!current.exists()) {
        return Plan.upToDate(current.path() + " is already absent");
      }
      Optional<Plan> refused = refused(args, current);
      if (refused.isPresent()) {
        return refused.get();
      }
      String before = current.content().flatMap(CurrentFile::decode).orElse("");
      return Plan.of(
          List.of(new Step.Remove(current.path())),
          List.of(new FileDiff(current.path(), before, "")));
    }
    byte[] content;
    FileAttributes attrs;
    if (given(args, "content_sha256").isPresent()) {
      String sha = args.string("content_sha256");
      Optional<byte[]> kept = backups.content(sha);
      if (kept.isEmpty()) {
        return Plan.failed(
            "the backup of " + current.path() + " (" + sha + ") is not in the state store");
      }
      content = kept.get();
      attrs =
          new FileAttributes(
              given(args, "original_mode").map(m -> Integer.parseInt(m, 8)).orElse(null),
              given(args, "owner").orElse(null),
              given(args, "group").orElse(null));
    } else {
      String backupPath = args.string("backup");
      host.stat(backupPath).ifPresent(host.fileSizeLimit()::check);
      Optional<byte[]> backup = host.read(backupPath);
      if (backup.isEmpty()) {
        return Plan.failed("backup " + backupPath + " of " + current.path() + " is gone");
      }
      content = backup.get();
      attrs =
          host.stat(backupPath)
              .map(m -> new FileAttributes(m.mode() & 07777, m.owner(), m.group()))
              .orElse(FileAttributes.KEEP);
    }
    boolean alreadyRestored =
        current.content().map(c -> java.util.Arrays.equals(c, content)).orElse(false);
    if (!alreadyRestored) {
      Optional<Plan> refused = refused(args, current);
      if (refused.isPresent()) {
        return refused.get();
      }
    }
    return FileUpdate.plan(current, content, attrs, false);
  }

  /** An optional argument; an empty string (an unset rollback item field) counts as not given. */
  static Optional<String> given(Args args, String name) {
    return args.optString(name).filter(v -> !v.isEmpty());
  }

  /** A failed plan when the file no longer holds what the change left and force is off. */
  private static Optional<Plan> refused(Args args, CurrentFile current) {
    if (given(args, "expect_sha256").isEmpty() || args.bool("force")) {
      return Optional.empty();
    }
    String expected = args.string("expect_sha256");
    Optional<String> now = current.content().map(Sha256::hex);
    boolean unchanged =
        expected.equals(ABSENT) ? !current.exists() : now.equals(Optional.of(expected));
    if (unchanged) {
      return Optional.empty();
    }
    return Optional.of(
        Plan.failed(
            current.path()
                + " changed since "
                + given(args, "changed_by").orElse("the run wrote it")
                + "; not restored (rollback --force overwrites it, keeping a backup)"));
  }
}
