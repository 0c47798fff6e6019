package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The arguments the modules that write a file share, defined and documented once: the file an
 * editing module changes in place, the one a whole-file writer replaces, backup and force, and the
 * file's mode, owner and group.
 */
final class FileArgs {
  private FileArgs() {}

  /** The file an editing module changes in place, under Ansible's names for it too. */
  static final Arg EDITED_PATH =
      Arg.required("path", ArgType.STRING)
          .aliases("dest", "destfile", "name")
          .describe("The file to edit.");

  /** The file a whole-file writer replaces. */
  static final Arg DEST =
      Arg.required("dest", ArgType.STRING).describe("Absolute path of the file on the host.");

  static final Arg BACKUP =
      Arg.optional("backup", ArgType.BOOL, false)
          .describe("Keep a timestamped copy of the old file beside it.");

  static final Arg FORCE =
      Arg.optional("force", ArgType.BOOL, true)
          .describe("Replace a file that differs; false writes only a missing file.");

  /** An editing module's arguments: the path, its own, then backup, mode, owner and group. */
  static ArgSpec editing(Arg... own) {
    List<Arg> args = new ArrayList<>();
    args.add(EDITED_PATH);
    args.addAll(Arrays.asList(own));
    args.addAll(List.of(BACKUP, FileAttributes.MODE, FileAttributes.OWNER, FileAttributes.GROUP));
    return ArgSpec.of(args.toArray(Arg[]::new));
  }

  /** A whole-file writer's arguments: its own, then mode, owner, group, backup and force. */
  static ArgSpec wholeFile(Arg... own) {
    List<Arg> args = new ArrayList<>(Arrays.asList(own));
    args.addAll(
        List.of(FileAttributes.MODE, FileAttributes.OWNER, FileAttributes.GROUP, BACKUP, FORCE));
    return ArgSpec.of(args.toArray(Arg[]::new));
  }
}
