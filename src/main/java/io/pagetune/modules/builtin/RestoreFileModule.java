package io.pagetune.modules.builtin;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Optional;

/**
 * {@code restore_file}: puts back what a file held before a journaled change: the content of its
 * backup on the host (owner and mode of the backup), or no file at all when the change created it.
 * Used by {@code pagetune rollback}, so check mode and diffs work as for any module.
 */
public final class RestoreFileModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.required("path", ArgType.STRING),
          Arg.optional("backup", ArgType.STRING),
          Arg.optional("absent", ArgType.BOOL, false));

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
    if (args.has("backup") == args.bool("absent")) {
      throw args.error("backup", "or 'absent: true' must be given, and only one of them");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    CurrentFile current = CurrentFile.read(host, args.string("path"));
    if (args.bool("absent")) {
      if (!current.exists()) {
        return Plan.upToDate(current.path() + " is already absent");
      }
      Step rm =
          Step.Exec.of(
              RemoteCommand.argv("rm", "-f", "--", current.path()), "remove " + current.path());
      String before = current.content().flatMap(CurrentFile::decode).orElse("");
      return Plan.of(List.of(rm), List.of(new FileDiff(current.path(), before, "")));
    }
    String backupPath = args.string("backup");
    host.stat(backupPath).ifPresent(host.fileSizeLimit()::check);
    Optional<byte[]> backup = host.read(backupPath);
    if (backup.isEmpty()) {
      return Plan.failed("backup " + backupPath + " of " + current.path() + " is gone");
    }
    FileAttributes attrs =
        host.stat(backupPath)
            .map(m -> new FileAttributes(m.mode() & 07777, m.owner(), m.group()))
            .orElse(FileAttributes.KEEP);
    return FileUpdate.plan(current, backup.get(), attrs, false);
  }
}
