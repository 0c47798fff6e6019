package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.FileEffect;
import io.pagetune.modules.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code mode}/{@code owner}/{@code group} a task asks for; null = leave as it is. Fixes are
 * argv commands ({@code chmod}, {@code chown}, {@code chgrp}), so names are never seen by a shell.
 */
record FileAttributes(Integer mode, String owner, String group) {
  static final Arg MODE =
      Arg.optional("mode", ArgType.MODE)
          .describe(
              "Permission bits in octal ('0644'); unset keeps the file's own, or the umask's for a new file.");
  static final Arg OWNER =
      Arg.optional("owner", ArgType.STRING).describe("User that should own the file.");
  static final Arg GROUP =
      Arg.optional("group", ArgType.STRING).describe("Group that should own the file.");
  static final FileAttributes KEEP = new FileAttributes(null, null, null);

  // a name chown would misread (':' splits owner:group, a leading '-' looks like an option)
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.@$-]*");

  static FileAttributes from(Args args) {
    return new FileAttributes(
        args.mode("mode").orElse(null),
        args.optString("owner").orElse(null),
        args.optString("group").orElse(null));
  }

  /** Why these attributes cannot be applied, or empty. */
  Optional<String> problem() {
    if (owner != null && !NAME.matcher(owner).matches()) {
      return Optional.of("owner '" + owner + "' is not a valid user name");
    }
    if (group != null && !NAME.matcher(group).matches()) {
      return Optional.of("group '" + group + "' is not a valid group name");
    }
    return Optional.empty();
  }

  boolean differ(FileMeta meta) {
    return (mode != null && mode != meta.mode())
        || (owner != null && !owner.equals(meta.owner()))
        || (group != null && !group.equals(meta.group()));
  }

  /** The commands that bring an existing path's attributes to these ones (none if they match). */
  List<Step> fixes(String path, FileMeta meta) {
    return fixes(path, meta, false);
  }

  /**
   * @param recurse apply to everything under path ({@code chmod -R}); then every command runs,
   *     whether the top matches or not, because the caller has found something below that differs
   */
  List<Step> fixes(String path, FileMeta meta, boolean recurse) {
    List<Step> steps = new ArrayList<>();
    boolean ownerDiffers = owner != null && (recurse || !owner.equals(meta.owner()));
    boolean groupDiffers = group != null && (recurse || !group.equals(meta.group()));
    if (ownerDiffers) {
      String who = groupDiffers ? owner + ":" + group : owner;
      steps.add(
          exec(recurse, "chown", who, path, "set owner of " + path + " to " + who)
              .changing(FileEffect.owner(path, owner, groupDiffers ? group : null)));
    } else if (groupDiffers) {
      steps.add(
          exec(recurse, "chgrp", group, path, "set group of " + path + " to " + group)
              .changing(FileEffect.group(path, group)));
    }
    if (mode != null && (recurse || mode != meta.mode())) {
      String octal = String.format("%04o", mode);
      steps.add(
          exec(recurse, "chmod", octal, path, "set mode of " + path + " to " + octal)
              .changing(FileEffect.mode(path, mode)));
    }
    return steps;
  }

  private static Step.Exec exec(
      boolean recurse, String program, String value, String path, String description) {
    List<String> argv = new ArrayList<>();
    argv.add(program);
    if (recurse) {
      argv.add("-R");
    }
    argv.add(value);
    argv.add("--");
    argv.add(path);
    return Step.Exec.of(RemoteCommand.argv(argv), description + (recurse ? " (recursively)" : ""));
  }
}
