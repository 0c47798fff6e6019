package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.modules.FileEffect;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.util.List;
import java.util.Optional;

/**
 * Makes {@code path} a symlink to {@code target}: created where nothing is, re-pointed where a link
 * is; a file or directory there is refused (it would be lost). Shared by {@code file: state=link}
 * and the rollback of a link change.
 */
final class LinkSteps {
  private LinkSteps() {}

  static Plan plan(String module, String path, String target, HostState host) {
    Optional<FileMeta> meta = host.stat(path);
    if (meta.isPresent() && meta.get().type() != FileMeta.Type.SYMLINK) {
      return Plan.failed(
          module
              + ": "
              + path
              + " exists and is not a symlink; remove it first (it would be lost)");
    }
    if (meta.isPresent() && host.fact(new LinkValue(path)).equals(Optional.of(target))) {
      return Plan.upToDate(path + " already links to " + target);
    }
    // rm first: "ln -sf" would create the link inside a directory the old link points to
    String script =
        "rm -f -- "
            + ShellQuote.quote(path)
            + " && ln -s -- "
            + ShellQuote.quote(target)
            + " "
            + ShellQuote.quote(path);
    return Plan.of(
        List.of(
            Step.Exec.of(RemoteCommand.script(script), "link " + path + " -> " + target)
                .changing(FileEffect.link(path, target))),
        List.of());
  }
}
